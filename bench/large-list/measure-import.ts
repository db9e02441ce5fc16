import ExcelJS from 'exceljs';
import { importXlsx } from '../../apps/server/src/engine/excel/excel-import.ts';
import type { createListingService, ListViewer } from '../../apps/server/src/engine/query/listing.service.ts';
import { IMPORT_ROWS, IMPORT_RUNS } from './settings.ts';
import type { Prepared } from './setup.ts';
import { formatMs, percentile, timeIt } from './timing.ts';

/** The component the import writes into, as the listing service loads it. */
export type ImportedComponent = Awaited<ReturnType<ReturnType<typeof createListingService>['loadComponent']>>;

/** Rows per second of a spreadsheet import (the median of IMPORT_RUNS, after a warm-up one). */
export async function measureImport(
  prepared: Prepared,
  viewer: ListViewer,
  component: ImportedComponent,
): Promise<number> {
  const db = prepared.database.db;
  // 5. Import of IMPORT_ROWS rows through the write side (createItems), all in one transaction; IMPORT_RUNS
  // times, each adding its rows.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pedidos');
  sheet.addRow(['Título', 'Valor', 'Eixos', 'Tipo', 'Partida', 'Ativo', 'Transportadora']);
  for (let row = 0; row < IMPORT_ROWS; row += 1) {
    sheet.addRow([
      `Importado ${row}`,
      (row * 37) % 50_000,
      2 + (row % 9),
      'Período',
      '02/03/2026 10:15',
      'Sim',
      `Carga ${row}`,
    ]);
  }
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const rates: number[] = [];
  for (let run = -1; run < IMPORT_RUNS; run += 1) {
    let imported = 0;
    const importTime = await timeIt(async () => {
      const result = await importXlsx(
        {
          db,
          actor: viewer,
          component,
          projectId: prepared.projectId,
          now: new Date(),
          fileName: 'bench.xlsx',
        },
        content,
      );
      if (!result.success) throw new Error(`import refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
      imported = result.imported;
    });
    console.log(`  import${run < 0 ? ' (warm-up)' : ''}: ${imported} rows in ${formatMs(importTime)}`);
    if (run >= 0) rates.push(imported / (importTime / 1000));
  }
  return percentile(rates, 0.5);
}
