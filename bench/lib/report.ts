import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { formatMs, percentile } from '../large-list/timing.ts';
import type { MachineInfo } from './machine.ts';
import type { BenchOptions } from './options.ts';
import type { Comparison, LoadResult } from './types.ts';

export interface ComparisonResult {
  comparison: Comparison;
  ratio: number;
  met: boolean;
}

export function compare(comparisons: Comparison[], results: LoadResult[]): ComparisonResult[] {
  const byId = new Map(results.map((result) => [result.scenario.id, result]));
  return comparisons.flatMap((comparison) => {
    const numerator = byId.get(comparison.numerator);
    const denominator = byId.get(comparison.denominator);
    if (!numerator || !denominator || denominator.requestsPerSecond === 0) return [];
    const ratio = numerator.requestsPerSecond / denominator.requestsPerSecond;
    return [{ comparison, ratio, met: ratio >= comparison.target }];
  });
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export type Align = 'left' | 'right';

/** A Markdown table with padded columns, laid out as Biome formats Markdown, so RESULTS.md stays `check`-clean. */
export function markdownTable(headers: [string, Align][], rows: string[][]): string[] {
  const widths = headers.map(([title], column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const pad = (text: string, column: number) =>
    headers[column]![1] === 'right' ? text.padStart(widths[column]!) : text.padEnd(widths[column]!);
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = `| ${widths
    .map((width, column) =>
      headers[column]![1] === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
    )
    .join(' | ')} |`;
  return [line(headers.map(([title]) => title)), rule, ...rows.map(line)];
}

/** A table of timings: p50, p95 and max of each measure's milliseconds. */
export function latencyTable(measures: ReadonlyArray<[name: string, values: number[]]>): string[] {
  return markdownTable(
    [
      ['measure', 'left'],
      ['p50', 'right'],
      ['p95', 'right'],
      ['max', 'right'],
    ],
    measures.map(([name, values]) => [
      name,
      formatMs(percentile(values, 0.5)),
      formatMs(percentile(values, 0.95)),
      formatMs(Math.max(...values)),
    ]),
  );
}

/** The results as Markdown tables: readable in the terminal and in RESULTS.md alike. */
export function renderTables(results: LoadResult[], comparisons: ComparisonResult[]): string {
  const lines = markdownTable(
    [
      ['scenario', 'left'],
      ['server', 'left'],
      ['request', 'left'],
      ['req/s', 'right'],
      ['p50 ms', 'right'],
      ['p99 ms', 'right'],
      ['requests', 'right'],
      ['non-2xx', 'right'],
      ['errors', 'right'],
    ],
    results.map((r) => [
      r.scenario.id,
      r.scenario.server,
      `${r.scenario.request.method} ${r.scenario.request.path}`,
      fmt(r.requestsPerSecond),
      fmt(r.latencyP50Ms),
      fmt(r.latencyP99Ms),
      fmt(r.totalRequests),
      String(r.non2xx),
      String(r.errors + r.timeouts),
    ]),
  );
  if (comparisons.length > 0) {
    lines.push(
      '',
      ...markdownTable(
        [
          ['ratio', 'left'],
          ['value', 'right'],
          ['target', 'right'],
          ['met', 'left'],
        ],
        comparisons.map((c) => [
          c.comparison.id,
          `${fmt(c.ratio, 2)}×`,
          `≥ ${fmt(c.comparison.target, 2)}×`,
          c.met ? 'yes' : '**no**',
        ]),
      ),
    );
  }
  return lines.join('\n');
}

export function renderSection(
  date: Date,
  machine: MachineInfo,
  options: BenchOptions,
  results: LoadResult[],
  comparisons: ComparisonResult[],
): string {
  return [
    `## ${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}`,
    `- Node ${machine.node}; autocannon ${options.connections} connections, ${options.warmupSeconds} s warm-up + ` +
      `${options.seconds} s measured per scenario; load generator and servers on the same machine`,
    '',
    renderTables(results, comparisons),
    '',
  ].join('\n');
}

const HEADER = `# Benchmark results

Appended by \`npm run bench\` (bench/run.ts), newest last. Each section: the machine, the settings of the run,
requests per second and latency per scenario, and the ratios the product promises (settings ≥ 0.8 × bare).
Short runs (BENCH_SECONDS below 10) are smoke checks, not figures to compare.

`;

export async function appendResults(file: string, section: string): Promise<void> {
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === undefined) {
    await writeFile(file, `${HEADER}${section}\n`);
    return;
  }
  await appendFile(
    file,
    `${existing.endsWith('\n') ? '' : '\n'}\n${section.endsWith('\n') ? section : `${section}\n`}`,
  );
}
