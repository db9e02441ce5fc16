import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import type { ReportDefinitionInput } from './report.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

/** An application with one component (a text, a number, a date, a picklist and a rich text) and this report. */
function withReport(report: Partial<ReportDefinitionInput>): ApplicationDefinitionInput {
  return {
    schemaVersion: 1,
    key: 'teste',
    version: 1,
    name: 'Teste',
    menu: [{ key: 'relatorio', name: t('Relatório'), target: { kind: 'report', reportId: 7, title: 'R' } }],
    components: [
      {
        id: 10,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{SEQ:5}',
        fields: [
          { key: 'uf', type: 'STRING', label: t('UF') },
          { key: 'valor', type: 'CURRENCY', label: t('Valor') },
          { key: 'pagoEm', type: 'DATE_TIME', label: t('Pago em') },
          { key: 'obs', type: 'RICH_TEXT', label: t('Observações') },
        ],
        reports: [{ id: 7, name: t('Relatório'), ...report }],
      },
    ],
  };
}

function errorsOf(report: Partial<ReportDefinitionInput>) {
  const result = validateApplicationDefinition(withReport(report));
  return result.ok ? [] : result.errors;
}

describe('report definitions', () => {
  it('accepts a grouping by month and value with sums of a currency field, a chart and a table', () => {
    const result = validateApplicationDefinition(
      withReport({
        parameters: [{ key: 'periodo', label: t('Período'), type: 'dateRange', field: 'pagoEm' }],
        groupBy: [{ field: 'pagoEm', by: 'month' }, { field: 'uf' }],
        measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: 'valor' }],
        chart: 'bar',
        columns: ['uf', 'valor', 'CreationDate'],
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const report = result.definition.components[0]!.reports[0]!;
    expect(report.groupBy).toEqual([
      { field: 'pagoEm', by: 'month' },
      { field: 'uf', by: 'value' },
    ]);
  });

  it('counts the items when no measure is given', () => {
    const result = validateApplicationDefinition(withReport({}));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.definition.components[0]!.reports[0]!.measures).toEqual([{ aggregate: 'count' }]);
  });

  it('refuses a sum of a text field and an average without a field, by path', () => {
    expect(
      errorsOf({ measures: [{ aggregate: 'sum', field: 'uf' }, { aggregate: 'avg' }] }).map((e) => e.path),
    ).toEqual(['components[0].reports[0].measures[0].field', 'components[0].reports[0].measures[1].field']);
  });

  it('refuses a month of a field that is not a date and a grouping by a rich text', () => {
    expect(errorsOf({ groupBy: [{ field: 'uf', by: 'month' }, { field: 'obs' }] })).toEqual([
      {
        path: 'components[0].reports[0].groupBy[0].field',
        message: "field 'uf' is STRING; expected DATE_TIME",
      },
      {
        path: 'components[0].reports[0].groupBy[1].field',
        message: expect.stringContaining("field 'obs' is RICH_TEXT"),
      },
    ]);
  });

  it('refuses a parameter whose type does not compare with its field, and unknown columns', () => {
    expect(
      errorsOf({
        parameters: [{ key: 'p', label: t('P'), type: 'dateRange', field: 'valor' }],
        columns: ['naoExiste'],
      }).map((e) => e.path),
    ).toEqual(['components[0].reports[0].parameters[0].field', 'components[0].reports[0].columns[0]']);
  });

  it('refuses an unknown saved query', () => {
    expect(errorsOf({ queryId: 99 }).map((e) => e.path)).toEqual(['components[0].reports[0].queryId']);
  });

  it('refuses rows opening on an unknown form', () => {
    expect(errorsOf({ itemFormId: 99 }).map((e) => e.path)).toEqual(['components[0].reports[0].itemFormId']);
  });
});
