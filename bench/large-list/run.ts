import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createListingService, type ListViewer } from '../../apps/server/src/engine/query/listing.service.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults } from '../lib/report.ts';
import { ITEM_COMPONENT } from './dataset.ts';
import type { Figures } from './figures.ts';
import { healthDuringExport } from './health-during-export.ts';
import { measureImport } from './measure-import.ts';
import { measureList } from './measure-list.ts';
import { describeRow, renderLargeListSection } from './report.ts';
import { EXPORT_ROWS, ITEMS, type Kind, ONLY_IMPORT, PASSWORD, RECORD } from './settings.ts';
import { type Prepared, prepare } from './setup.ts';

/**
 * `npm run bench:large-list [-- postgres|pglite]`: loads LARGE_LIST_ITEMS (default 1 000 000) items of one
 * component into a fresh PostgreSQL database (`der_bench_<time>` on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and into a fresh PGlite folder, then measures the list paths of
 * issue 6 and appends the figures to RESULTS.md. Not part of `npm test`. LARGE_LIST_ONLY=import skips the
 * list measures (to iterate on the import); BENCH_RECORD=0 does not append.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');

const requested = process.argv.slice(2).filter((arg): arg is Kind => arg === 'postgres' || arg === 'pglite');
const kinds: Kind[] = requested.length > 0 ? requested : ['postgres', 'pglite'];

async function measure(prepared: Prepared, figures: Partial<Figures>): Promise<void> {
  const viewer: ListViewer = { userId: prepared.memberId, isAdministrator: false, language: 'pt-BR' };
  const component = await createListingService({ db: prepared.database.db }).loadComponent(
    viewer,
    ITEM_COMPONENT,
  );
  if (!ONLY_IMPORT) await measureList(prepared, figures);
  figures.importRowsPerSecond = await measureImport(prepared, viewer, component);
  await prepared.app.close();
}

const results = new Map<Kind, Partial<Figures>>();
const machine = describeMachine();
console.log(
  `large list bench: ${ITEMS.toLocaleString('en-US')} items; ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}`,
);
for (const kind of kinds) {
  console.log(`${kind}:`);
  const figures: Partial<Figures> = {};
  results.set(kind, figures);
  const prepared = await prepare(kind, figures);
  try {
    await measure(prepared, figures);
    await prepared.database.close();
    if (kind === 'pglite' && !ONLY_IMPORT) {
      const health = await healthDuringExport({
        repoRoot,
        dataDir: prepared.dataDir,
        login: prepared.memberLogin,
        password: PASSWORD,
        componentId: ITEM_COMPONENT,
        projectId: prepared.projectId,
        rows: EXPORT_ROWS,
      });
      figures.healthP99 = health.healthP99;
      figures.httpExportRowsPerSecond = health.exportRowsPerSecond;
    }
  } finally {
    await prepared.database.close().catch(() => {});
    await prepared.drop();
    await rm(prepared.dataDir, { recursive: true, force: true });
  }
  describeRow(kind, figures);
}

const section = renderLargeListSection(results, machine);
console.log(`\n${section}`);
if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
