export interface BenchOptions {
  /** Measured seconds per scenario (env BENCH_SECONDS, default 10). */
  seconds: number;
  /** Warm-up seconds per scenario, not measured (env BENCH_WARMUP_SECONDS, default 2). */
  warmupSeconds: number;
  /** Concurrent connections (env BENCH_CONNECTIONS, default 10). */
  connections: number;
  /** Only the scenarios whose id contains one of these (env BENCH_ONLY, comma separated). */
  only: string[];
  /** Append the results to bench/RESULTS.md (env BENCH_RECORD=0 turns it off). */
  record: boolean;
  /** Exit with status 1 when a comparison misses its target (env BENCH_STRICT=1). */
  strict: boolean;
}

function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${name} must be a number ≥ ${min}, got '${raw}'`);
  }
  return value;
}

export function readOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  return {
    seconds: readNumber(env, 'BENCH_SECONDS', 10, 1),
    warmupSeconds: readNumber(env, 'BENCH_WARMUP_SECONDS', 2, 0),
    connections: readNumber(env, 'BENCH_CONNECTIONS', 10, 1),
    only: (env.BENCH_ONLY ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    record: env.BENCH_RECORD !== '0',
    strict: env.BENCH_STRICT === '1',
  };
}
