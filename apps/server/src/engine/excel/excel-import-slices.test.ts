import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  grantProject,
  importQueryTestDefinition,
  insertItems,
} from '../../../test/fixtures/query-test-fixture.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeFormattedIdSequences, runtimeItems } from '../items/items.table.ts';
import { createListingService } from '../query/listing.service.ts';
import { importXlsx } from './excel-import.ts';

const BASE = 820;
const PROJECT = BASE + 1;
const ITEM = BASE + 2;
/** More than the first slice and one whole slice of excel-import.ts: three slices are written. */
const ROWS = 2_600;

/** A sheet of ROWS rows (Título, Eixos); `cell(row)` may replace the Eixos cell of a row. */
async function sheetOf(
  title: string,
  cell: (row: number) => ExcelJS.CellValue = (row) => row % 9,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pedidos');
  sheet.addRow(['Título', 'Eixos']);
  for (let row = 0; row < ROWS; row += 1) sheet.addRow([`${title} ${row}`, cell(row)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('importExcel by slices (read, checked and written in turn, all or nothing)', () => {
  let app: FastifyInstance;
  let actor: ItemActor;
  let projectId: number;

  const importSheet = async (content: Buffer) =>
    importXlsx(
      {
        db: app.database.db,
        actor,
        component: await createListingService({ db: app.database.db }).loadComponent(actor, ITEM),
        projectId,
        now: new Date(),
        fileName: 'lote.xlsx',
      },
      content,
    );
  const itemsTitled = (prefix: string) =>
    app.database.db
      .select({ title: runtimeItems.title, formattedId: runtimeItems.formattedId, data: runtimeItems.data })
      .from(runtimeItems)
      .where(and(eq(runtimeItems.componentId, ITEM), eq(runtimeItems.projectId, projectId)))
      .orderBy(asc(runtimeItems.id))
      .then((rows) => rows.filter((row) => row.title.startsWith(`${prefix} `)));
  const counter = async () => {
    const [row] = await app.database.db
      .select({ lastValue: runtimeFormattedIdSequences.lastValue })
      .from(runtimeFormattedIdSequences)
      .where(eq(runtimeFormattedIdSequences.componentId, ITEM));
    return row?.lastValue ?? 0;
  };
  const sequenceOf = (formattedId: string) => Number(formattedId.split('-').at(-1));

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const member = await buildUser(db);
    actor = { userId: member.id, isAdministrator: false, language: 'pt-BR' };
    [projectId] = (await insertItems(db, [{ componentId: PROJECT, title: 'Projeto Lote' }])) as [number];
    await grantProject(db, projectId, { userId: member.id });
  });
  afterAll(() => app.close());

  it('imports every slice once, with formatted IDs that follow on and the unused reservation given back', async () => {
    const before = await counter();
    const result = await importSheet(await sheetOf('Lote'));
    expect(result).toMatchObject({ success: true, imported: ROWS, rows: ROWS });
    const items = await itemsTitled('Lote');
    expect(items.map((item) => item.title)).toEqual(Array.from({ length: ROWS }, (_, row) => `Lote ${row}`));
    expect(items.map((item) => sequenceOf(item.formattedId))).toEqual(
      Array.from({ length: ROWS }, (_, row) => before + 1 + row),
    );
    expect(await counter()).toBe(before + ROWS);
  });

  it('keeps nothing of the slices already written when a row of the last slice is refused', async () => {
    const before = await counter();
    const result = await importSheet(await sheetOf('Recusado', (row) => (row === ROWS - 3 ? 'muitos' : 1)));
    expect(result).toMatchObject({ success: false, imported: 0, rows: ROWS });
    // The sheet's row: the header is row 1.
    expect(result.errors).toEqual([{ row: ROWS - 3 + 2, column: 'Eixos', message: 'Valor inválido' }]);
    expect(await itemsTitled('Recusado')).toEqual([]);
    expect(await counter()).toBe(before);
  });

  it('reads the file again with ExcelJS when the fast reader meets a formula after slices were written', async () => {
    const before = await counter();
    const formulaRow = ROWS - 10;
    const result = await importSheet(
      await sheetOf('Fórmula', (row) => (row === formulaRow ? { formula: '2+3', result: 5 } : 2)),
    );
    expect(result).toMatchObject({ success: true, imported: ROWS, rows: ROWS });
    const items = await itemsTitled('Fórmula');
    expect(items).toHaveLength(ROWS);
    expect(items[formulaRow]!.data).toMatchObject({ n: 5 });
    expect(items.map((item) => sequenceOf(item.formattedId))).toEqual(
      Array.from({ length: ROWS }, (_, row) => before + 1 + row),
    );
  });
});
