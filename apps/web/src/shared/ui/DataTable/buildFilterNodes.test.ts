import { describe, expect, it } from 'vitest';
import { buildFilterNodes } from './buildFilterNodes.ts';
import { buildColumn, COLUMNS } from './testing/dataTableFixtures.ts';

describe('filters by type become the filter tree of executeFilter', () => {
  it('numbers: from–to as between, one edge as gte/lte, unfinished numbers ignored', () => {
    expect(buildFilterNodes(COLUMNS, { eixos: { kind: 'number', from: '6', to: '9' } }, '', [])).toEqual([
      { field: 'eixos', operator: 'between', value: 6, valueTo: 9 },
    ]);
    expect(buildFilterNodes(COLUMNS, { taxa: { kind: 'number', from: '10,5', to: '' } }, '', [])).toEqual([
      { field: 'taxa', operator: 'gte', value: 10.5 },
    ]);
    expect(buildFilterNodes(COLUMNS, { taxa: { kind: 'number', from: '', to: '-' } }, '', [])).toEqual([]);
  });

  it('dates: the São Paulo day, invalid or out-of-range dates dropped', () => {
    expect(
      buildFilterNodes(COLUMNS, { partida: { kind: 'date', from: '2026-03-05', to: '2026-03-05' } }, '', []),
    ).toEqual([
      {
        field: 'partida',
        operator: 'between',
        value: '2026-03-05T03:00:00.000Z',
        valueTo: '2026-03-06T02:59:59.999Z',
      },
    ]);
    expect(
      buildFilterNodes(COLUMNS, { partida: { kind: 'date', from: '1700-01-01', to: '' } }, '', []),
    ).toEqual([]);
  });

  it('choices: picklist values as text, booleans as booleans, references as ids', () => {
    const users = buildColumn({
      name: 'fiscal',
      type: 'USERS',
      items: [{ value: '7', text: 'Ana', color: null, image: null, isFontAwesome: false }],
    });
    expect(
      buildFilterNodes(
        [...COLUMNS, users],
        {
          situacao: { kind: 'choice', value: 'aberta' },
          indivisivel: { kind: 'choice', value: 'false' },
          fiscal: { kind: 'choice', value: '7' },
        },
        '',
        [],
      ),
    ).toEqual([
      { field: 'indivisivel', operator: 'eq', value: false },
      { field: 'situacao', operator: 'eq', value: 'aberta' },
      { field: 'fiscal', operator: 'eq', value: 7 },
    ]);
  });

  it('the search box is an OR group over the shown text columns', () => {
    expect(buildFilterNodes(COLUMNS, {}, ' SP-280 ', ['Title'])).toEqual([
      {
        logicSeparator: 'OR',
        filters: [
          { field: 'FormattedID', operator: 'contains', value: 'SP-280' },
          { field: 'observacao', operator: 'contains', value: 'SP-280' },
        ],
      },
    ]);
  });

  it('columns that are not filterable are ignored', () => {
    const locked = buildColumn({ name: 'eixos', type: 'INTEGER', filterable: false });
    expect(buildFilterNodes([locked], { eixos: { kind: 'number', from: '1', to: '' } }, '', [])).toEqual([]);
  });
});
