/** Milliseconds an async step takes. */
export async function timeIt(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await step();
  return performance.now() - started;
}

/** The nearest-rank percentile (p in 0–1) of some durations. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}
