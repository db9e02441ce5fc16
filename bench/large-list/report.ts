import type { MachineInfo } from '../lib/machine.ts';
import { markdownTable } from '../lib/report.ts';
import type { Figures } from './figures.ts';
import { EXPORT_ROWS, IMPORT_ROWS, ITEMS, type Kind } from './settings.ts';

/** One kind's figures on one console line, rounded to a tenth. */
export function describeRow(kind: Kind, figures: Partial<Figures>) {
  console.log(
    `  ${kind}: ${JSON.stringify(figures, (_key, value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value))}`,
  );
}

/** The dated RESULTS.md section of a run: the machine, what was measured, and each measure against its target. */
export function renderLargeListSection(results: Map<Kind, Partial<Figures>>, machine: MachineInfo): string {
  // A kind not run (or a measure skipped) shows a dash, not a zero.
  const value = (kind: Kind, pick: (figures: Partial<Figures>) => number | undefined, digits = 1) => {
    const figure = results.has(kind) ? pick(results.get(kind)!) : undefined;
    return figure === undefined ? '—' : figure.toLocaleString('en-US', { maximumFractionDigits: digits });
  };
  const rows: Array<[string, (figures: Partial<Figures>) => number | undefined, string, number?]> = [
    ['load (SQL generate_series), s', (f) => f.loadSeconds, '—', 0],
    ['filtered + sorted page of 50, p50 ms', (f) => f.pageP50, '—'],
    ['filtered + sorted page of 50, p95 ms', (f) => f.pageP95, '≤ 50 (PostgreSQL)'],
    ['page 1 (cursor), p50 ms', (f) => f.cursorPage1, '—'],
    ['page 10 000 (cursor), p50 ms', (f) => f.cursorPage10000, '≤ 2 × page 1'],
    ['page 10 000 by number (OFFSET, deferred join), ms', (f) => f.offsetPage10000, '—'],
    ['capped count (1 000+), p95 ms', (f) => f.countP95, '≤ 20'],
    ['exact count (narrow filter), p95 ms', (f) => f.countUncappedP95, '—'],
    [
      `export ${EXPORT_ROWS.toLocaleString('en-US')} rows, rows/s`,
      (f) => f.exportRowsPerSecond,
      '≥ 30 000',
      0,
    ],
    ['export memory growth (RSS peak), MiB', (f) => f.exportMemoryMiB, '≤ 150'],
    [
      `import ${IMPORT_ROWS.toLocaleString('en-US')} rows, rows/s`,
      (f) => f.importRowsPerSecond,
      '≥ 10 000',
      0,
    ],
    ['export over HTTP, rows/s', (f) => f.httpExportRowsPerSecond, '—', 0],
    ['/api/health p99 during the HTTP export, ms', (f) => f.healthP99, '< 100 (PGlite)'],
  ];
  const table = markdownTable(
    [
      ['measure', 'left'],
      ['PostgreSQL', 'right'],
      ['PGlite', 'right'],
      ['target', 'left'],
    ],
    rows.map(([name, pick, target, digits]) => [
      name,
      value('postgres', pick, digits),
      value('pglite', pick, digits),
      target,
    ]),
  );
  return [
    `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC — large list (${ITEMS.toLocaleString('en-US')} items)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}`,
    `- Node ${machine.node}; \`npm run bench:large-list\` (bench/large-list): one component, ${ITEMS.toLocaleString('en-US')} items in one project, read by a project member (visibility predicate on); in-process calls of the listing service, except the HTTP export`,
    '',
    ...table,
    '',
  ].join('\n');
}
