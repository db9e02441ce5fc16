import { Writable } from 'node:stream';
import type { ExecuteFilterBody } from '@der/contracts';
import { eq } from 'drizzle-orm';
import { EXPORT_BATCH_ROWS, writeListXlsx } from '../../apps/server/src/engine/excel/excel-export.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { encodeCursor } from '../../apps/server/src/engine/query/list-order.ts';
import { countCapped, pageIds } from '../../apps/server/src/engine/query/list-query.ts';
import { createListingService, type ListViewer } from '../../apps/server/src/engine/query/listing.service.ts';
import { ITEM_COMPONENT } from './dataset.ts';
import type { Figures } from './figures.ts';
import { EXPORT_ROWS, EXPORT_RUNS, ITEMS, PAGE_RUNS } from './settings.ts';
import type { Prepared } from './setup.ts';
import { formatMs, percentile, timeIt } from './timing.ts';

/** The list paths of issue 6, in-process through the listing service: pages, deep pages, counts, the export. */
export async function measureList(prepared: Prepared, figures: Partial<Figures>): Promise<void> {
  const { database } = prepared;
  const db = database.db;
  const viewer: ListViewer = { userId: prepared.memberId, isAdministrator: false, language: 'pt-BR' };
  const listing = createListingService({ db });
  const component = await listing.loadComponent(viewer, ITEM_COMPONENT);
  const executeFilter = (body: Omit<ExecuteFilterBody, 'componentID'>) =>
    listing.executeFilter(viewer, {
      componentID: ITEM_COMPONENT,
      filters: [],
      logicSeparator: 'AND',
      page: 1,
      rowsPerPage: 50,
      ...body,
    } as Parameters<typeof listing.executeFilter>[1]);
  const query = (body: Omit<ExecuteFilterBody, 'componentID'>) =>
    ({ componentID: ITEM_COMPONENT, filters: [], logicSeparator: 'AND', ...body }) as Parameters<
      typeof listing.resolve
    >[2];

  // 1. A filtered and sorted page of 50 on indexed fields (varied filters and directions), count included.
  const pageTimes: number[] = [];
  for (let run = 0; run < PAGE_RUNS; run += 1) {
    const variant = run % 3;
    const body: Omit<ExecuteFilterBody, 'componentID'> =
      variant === 0
        ? {
            filters: [{ field: 'eixos', operator: 'gte', value: 2 + (run % 9) }],
            sort: { field: 'valor', sortDirection: run % 2 === 0 ? 'desc' : 'asc' },
          }
        : variant === 1
          ? {
              filters: [{ field: 'tipo', operator: 'eq', value: ['a', 'b', 'c'][run % 3] }],
              sort: { field: 'partida', sortDirection: 'asc' },
            }
          : {
              filters: [
                { field: 'valor', operator: 'between', value: run * 100, valueTo: run * 100 + 20_000 },
                { field: 'ativo', operator: 'eq', value: true },
              ],
              sort: { field: 'valor', sortDirection: 'asc' },
            };
    pageTimes.push(await timeIt(() => executeFilter(body)));
  }
  figures.pageP50 = percentile(pageTimes, 0.5);
  figures.pageP95 = percentile(pageTimes, 0.95);

  // 2. Page 1 against page 10 000 reached by a cursor (keyset), and page 10 000 by number (OFFSET).
  const deep: Omit<ExecuteFilterBody, 'componentID'> = {
    filters: [{ field: 'eixos', operator: 'gte', value: 5 }],
    sort: { field: 'valor', sortDirection: 'asc' },
  };
  const resolved = listing.resolve(viewer, component, query(deep));
  const pages = Math.min(10_000, Math.floor((ITEMS * 6) / 9 / 50));
  const [position] = await pageIds(db, resolved.scope, resolved.order, {
    offset: (pages - 1) * 50 - 1,
    limit: 1,
  });
  const after = encodeCursor(resolved.order, { value: position!.sortValue, id: position!.id });
  const first: number[] = [];
  const tenThousandth: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    first.push(await timeIt(() => executeFilter(deep)));
    tenThousandth.push(await timeIt(() => executeFilter({ ...deep, after })));
  }
  figures.cursorPage1 = percentile(first, 0.5);
  figures.cursorPage10000 = percentile(tenThousandth, 0.5);
  const offsets: number[] = [];
  for (let run = 0; run < 3; run += 1)
    offsets.push(await timeIt(() => executeFilter({ ...deep, page: pages })));
  figures.offsetPage10000 = percentile(offsets, 0.5);

  // 3. The capped count alone: a filter matching most items (capped) and a narrow one (exact).
  const counts: number[] = [];
  const narrowCounts: number[] = [];
  const narrow = listing.resolve(
    viewer,
    component,
    query({ filters: [{ field: 'valor', operator: 'lt', value: 40 }] }),
  );
  for (let run = 0; run < 30; run += 1) {
    counts.push(await timeIt(() => countCapped(db, resolved.scope)));
    narrowCounts.push(await timeIt(() => countCapped(db, narrow.scope)));
  }
  figures.countP95 = percentile(counts, 0.95);
  figures.countUncappedP95 = percentile(narrowCounts, 0.95);

  // 4. Export of EXPORT_ROWS rows (the visible columns) into a sink that discards: rows/s and memory growth.
  const [{ minId }] = (await db
    .select({ minId: runtimeItems.id })
    .from(runtimeItems)
    .where(eq(runtimeItems.componentId, ITEM_COMPONENT))
    .orderBy(runtimeItems.id)
    .limit(1)) as [{ minId: number }];
  const exportQuery = query({
    filters: [{ field: 'ID', operator: 'lt', value: minId + EXPORT_ROWS }],
    sort: { field: 'ID', sortDirection: 'asc' },
  });
  const list = listing.resolve(viewer, component, exportQuery);
  // Memory growth from before the warm-up export to the peak of all of them.
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const rates: number[] = [];
  for (let run = -1; run < EXPORT_RUNS; run += 1) {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    let written = 0;
    const exportTime = await timeIt(async () => {
      written = await writeListXlsx(
        {
          db,
          viewer,
          language: 'pt-BR',
          list,
          sheetName: 'Pedidos',
          batchRows: EXPORT_BATCH_ROWS[database.kind],
        },
        sink,
      );
    });
    console.log(
      `  export${run < 0 ? ' (warm-up)' : ''}: ${written} rows, ${(bytes / 1024 ** 2).toFixed(1)} MiB in ${formatMs(exportTime)}`,
    );
    if (run >= 0) rates.push(written / (exportTime / 1000));
  }
  clearInterval(sampler);
  figures.exportRowsPerSecond = percentile(rates, 0.5);
  figures.exportMemoryMiB = (peak - baseline) / 1024 ** 2;
}
