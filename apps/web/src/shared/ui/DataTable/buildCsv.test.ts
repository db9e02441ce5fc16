import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../../app/i18n.ts';
import { buildCsv, CSV_BOM } from './buildCsv.ts';
import { buildColumn, buildRow, COLUMNS } from './testing/dataTableFixtures.ts';

const i18n = createAppI18n('pt-BR');
const context = { language: 'pt-BR' as const, t: (key: string) => i18n.t(key) };

describe('CSV download (BOM, ";")', () => {
  it('starts with the BOM, separates by ";" and formats values as the grid shows them', () => {
    const columns = COLUMNS.filter((column) =>
      ['FormattedID', 'taxa', 'partida', 'indivisivel', 'situacao', 'StatusName'].includes(column.name),
    );
    const csv = buildCsv(columns, [buildRow(1), buildRow(2)], context);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Código;Status;Taxa;Partida;Carga indivisível;Situação',
      'AET-2026-000001;Em análise;R$ 1.234,50;05/03/2026 11:30;Sim;Aberta',
      'AET-2026-000002;Em análise;R$ 2.469,00;05/03/2026 11:30;Não;Fechada',
      '',
    ]);
  });

  it('quotes fields with separators, quotes or line breaks, and neutralises formulas in text', () => {
    const text = buildColumn({ name: 'obs', type: 'STRING', header: 'Obs; geral' });
    const number = buildColumn({ name: 'saldo', type: 'DECIMAL', header: 'Saldo' });
    const row = buildRow(1, {
      values: { obs: 'Disse "ok"\nna via', saldo: -5 },
    });
    const formula = buildRow(2, { values: { obs: '=HYPERLINK("http://x")', saldo: 1 } });
    const lines = buildCsv([text, number], [row, formula], context).slice(1).split('\r\n');
    expect(lines[0]).toBe('"Obs; geral";Saldo');
    expect(lines[1]).toBe('"Disse ""ok""\nna via";-5');
    expect(lines[2]).toBe('"\'=HYPERLINK(""http://x"")";1');
  });
});
