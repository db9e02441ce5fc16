import { describe, expect, it } from 'vitest';
import { findField } from './printLayoutDesign.ts';
import {
  addColumn,
  columnWidthTotal,
  removeColumn,
  type TableField,
  updateColumn,
} from './printTableColumns.ts';
import { buildTestLayout, TEST_REFS } from './testLayout.ts';

const { table: TABLE } = TEST_REFS;

const MUNICIPIO = {
  header: { 'pt-BR': 'Município', en: 'Municipality' },
  alignment: 'left',
  binding: { kind: 'field', field: 'municipio', format: { kind: 'auto' } },
} as const;

const columnsOf = (layout: ReturnType<typeof buildTestLayout>) =>
  (findField(layout, TABLE) as TableField).columns;

describe('the columns of a print table', () => {
  it('adds a column with an equal share, the others shrinking so the shares still add up to 100', () => {
    const columns = columnsOf(addColumn(buildTestLayout(), TABLE, MUNICIPIO));
    expect(columns.map((column) => column.width)).toEqual([40, 26.67, 33.33]);
    expect(columns[2]?.header['pt-BR']).toBe('Município');
    expect(columnWidthTotal(columns)).toBe(100);
  });

  it('gives a removed column’s share to the others in proportion', () => {
    const columns = columnsOf(removeColumn(buildTestLayout(), TABLE, 0));
    expect(columns).toHaveLength(1);
    expect(columns[0]).toMatchObject({ width: 100, binding: { field: 'km' } });
  });

  it('keeps a table’s last column', () => {
    const once = removeColumn(buildTestLayout(), TABLE, 0);
    expect(columnsOf(removeColumn(once, TABLE, 0))).toHaveLength(1);
  });

  it('changes one column’s header, width or binding', () => {
    const changed = updateColumn(buildTestLayout(), TABLE, 1, {
      width: 45,
      binding: { kind: 'field', field: 'kmFinal', format: { kind: 'decimal', digits: 1 } },
    });
    expect(columnsOf(changed)[1]).toMatchObject({ width: 45, binding: { field: 'kmFinal' } });
    expect(columnsOf(changed)[0]?.width).toBe(60);
    expect(columnWidthTotal(columnsOf(changed))).toBe(105);
  });

  it('leaves fields that are no table alone', () => {
    const layout = buildTestLayout();
    expect(addColumn(layout, { area: 'page', page: 0, index: 0 }, MUNICIPIO).template.schemas[0]?.[0]).toBe(
      layout.template.schemas[0]?.[0],
    );
  });
});
