import { describe, expect, it } from 'vitest';
import { catalogOf, listItemKeys, listRowKeys, rowsSourceName, tableSeedOf } from './layoutCatalog.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });
const DOCUMENT = {
  key: 'aet',
  components: [
    {
      id: 1,
      name: 'Solicitacao',
      label: t('Solicitação'),
      fields: [
        { key: 'nome', type: 'STRING', label: t('Nome') },
        { key: 'veiculo', type: 'GENERIC_ITEM_TYPE', label: t('Veículo'), targetComponentId: 2 },
        {
          key: 'trechos',
          type: 'TABLE',
          label: t('Trechos'),
          columns: [{ key: 'rodovia', type: 'STRING', label: t('Rodovia') }],
        },
      ],
    },
    {
      id: 2,
      name: 'Veiculo',
      label: t('Veículo'),
      fields: [{ key: 'placa', type: 'STRING', label: t('Placa') }],
    },
  ],
};

const keysOf = (keys: Array<{ key: string }>) => keys.map(({ key }) => key);

describe('what the designer offers to bind', () => {
  it('offers the layout component’s fields, then the system keys a printed item carries', () => {
    const catalog = catalogOf(DOCUMENT, 0);
    const keys = keysOf(listItemKeys(catalog.fields));
    expect(keys.slice(0, 3)).toEqual(['nome', 'veiculo', 'trechos']);
    expect(keys).toEqual(expect.arrayContaining(['FormattedID', 'Title', 'StatusName', 'CreationDate']));
    expect(keys).not.toContain('DueDate');
    expect(listItemKeys(catalog.fields).find(({ key }) => key === 'FormattedID')?.label['pt-BR']).toBe(
      'Código',
    );
  });

  it('offers a table’s columns the keys of its rows', () => {
    const catalog = catalogOf(DOCUMENT, 0);
    expect(keysOf(listRowKeys(catalog, { kind: 'children', componentId: 2 }))).toContain('placa');
    expect(keysOf(listRowKeys(catalog, { kind: 'linked', field: 'veiculo' }))).toContain('placa');
    expect(keysOf(listRowKeys(catalog, { kind: 'tableField', field: 'trechos' }))).toEqual(['rodovia']);
  });

  it('names where a table’s rows come from, or shows the id it does not know', () => {
    const catalog = catalogOf(DOCUMENT, 0);
    expect(rowsSourceName(catalog, { kind: 'children', componentId: 2 }, 'pt-BR')).toBe('Veículo');
    expect(rowsSourceName(catalog, { kind: 'tableField', field: 'trechos' }, 'en')).toBe('Trechos (trechos)');
    expect(rowsSourceName(catalog, { kind: 'children', componentId: 9 }, 'pt-BR')).toBe('9');
  });

  it('starts new tables from the first candidate of each source', () => {
    const catalog = catalogOf(DOCUMENT, 0);
    expect(tableSeedOf(catalog, 'children')).toMatchObject({
      rows: { kind: 'children', componentId: 2 },
      column: { key: 'FormattedID' },
    });
    expect(tableSeedOf(catalog, 'linked')?.rows).toEqual({ kind: 'linked', field: 'veiculo' });
    expect(tableSeedOf(catalog, 'tableField')).toEqual({
      rows: { kind: 'tableField', field: 'trechos' },
      column: { key: 'rodovia', label: t('Rodovia') },
    });
  });

  it('offers no linked or table-field source when the component has no such field', () => {
    const catalog = catalogOf(DOCUMENT, 1);
    expect(tableSeedOf(catalog, 'linked')).toBeUndefined();
    expect(tableSeedOf(catalog, 'tableField')).toBeUndefined();
    expect(tableSeedOf(catalog, 'children')?.rows).toEqual({ kind: 'children', componentId: 1 });
  });
});
