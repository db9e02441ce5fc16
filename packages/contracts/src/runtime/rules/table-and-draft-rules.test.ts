import { describe, expect, it } from 'vitest';
import { FieldDefinitionSchema } from '../definition/field.ts';
import { tableRowsText } from '../definition/table-rows.ts';
import { isDraftSave, requirementApplies } from './field-requirement.ts';
import { fieldValueOf } from './field-rules.ts';
import { evaluateComponentRules } from './form-rules.ts';
import { toRuleValue } from './rule-values.ts';

const label = (pt: string, en = pt) => ({ 'pt-BR': pt, en });
const segments = FieldDefinitionSchema.parse({
  key: 'trechos',
  type: 'TABLE',
  label: label('Trechos'),
  required: true,
  requiredFrom: 'leavingInitialStatus',
  maxRows: 2,
  columns: [
    { key: 'rodovia', type: 'STRING', label: label('Rodovia'), required: true, uppercase: true },
    { key: 'kmInicial', type: 'DECIMAL', label: label('Km inicial', 'Start km'), required: true, minimum: 0 },
    { key: 'kmFinal', type: 'DECIMAL', label: label('Km final', 'End km'), required: true, minimum: 0 },
  ],
});

describe('TABLE field values', () => {
  it('keeps a picklist cell among its options, and shows it by the option’s text', () => {
    const verdicts = FieldDefinitionSchema.parse({
      key: 'analise',
      type: 'TABLE',
      label: label('Análise'),
      columns: [
        { key: 'folha', type: 'INTEGER', label: label('Folha') },
        {
          key: 'parecer',
          type: 'PICKLIST',
          label: label('Parecer', 'Verdict'),
          options: [{ value: 'aprovado', text: label('Aprovado', 'Approved') }],
        },
      ],
    });
    expect(fieldValueOf(verdicts, [{ folha: '2', parecer: 'aprovado' }])).toEqual({
      ok: true,
      value: [{ folha: 2, parecer: 'aprovado' }],
    });
    expect(fieldValueOf(verdicts, [{ folha: 1, parecer: 'talvez' }])).toMatchObject({
      ok: false,
      issue: { message: 'tableCellInvalid', params: { row: 1 } },
    });
    expect(tableRowsText(verdicts, [{ folha: 2, parecer: 'aprovado' }], 'en')).toBe('2, Approved');
    // Options belong to picklist columns only, and a picklist column needs them.
    const column = (type: string, options?: unknown) =>
      FieldDefinitionSchema.safeParse({
        key: 'x',
        type: 'TABLE',
        label: label('X'),
        columns: [{ key: 'c', type, label: label('C'), options }],
      }).success;
    expect(column('PICKLIST')).toBe(false);
    expect(column('STRING', [{ value: 'a', text: label('A') }])).toBe(false);
  });

  it('keeps rows in order, cells in their stored form, a segment towards lower km included', () => {
    expect(fieldValueOf(segments, [{ rodovia: 'sp-330', kmInicial: '318', kmFinal: '103,5' }, {}])).toEqual({
      ok: true,
      value: [{ rodovia: 'SP-330', kmInicial: 318, kmFinal: 103.5 }],
    });
  });

  it('names the row and column of a bad cell, and refuses unknown columns and too many rows', () => {
    const bad = fieldValueOf(segments, [
      { rodovia: 'SP-330', kmInicial: 1, kmFinal: 2 },
      { rodovia: 'SP-1', kmInicial: -1 },
    ]);
    expect(bad).toMatchObject({ ok: false, issue: { message: 'tableCellInvalid', params: { row: 2 } } });
    expect(fieldValueOf(segments, [{ rodovia: 'SP-1', kmInicial: 1, kmFinal: 2, outra: 1 }])).toMatchObject({
      ok: false,
      issue: { message: 'tableRowInvalid' },
    });
    const three = Array.from({ length: 3 }, () => ({ rodovia: 'SP-1', kmInicial: 1, kmFinal: 2 }));
    expect(fieldValueOf(segments, three)).toMatchObject({ ok: false, issue: { message: 'tooManyRows' } });
  });

  it('reads the cells a form holds as text by their column types for the rules', () => {
    const results = FieldDefinitionSchema.parse({
      key: 'criterios',
      type: 'TABLE',
      label: label('Critérios'),
      columns: [
        { key: 'criterion', type: 'STRING', label: label('Critério') },
        { key: 'passed', type: 'BOOLEAN', label: label('Atendido') },
        { key: 'km', type: 'DECIMAL', label: label('Km') },
      ],
    });
    expect(toRuleValue(results, [{ criterion: 'Rodovia', passed: 'false', km: '12,5' }])).toEqual([
      { criterion: 'Rodovia', passed: false, km: 12.5 },
    ]);
    expect(toRuleValue(results, [{ criterion: 'Largura', passed: true, km: 3 }])).toEqual([
      { criterion: 'Largura', passed: true, km: 3 },
    ]);
  });

  it('shows rows as one line of text', () => {
    expect(tableRowsText(segments, [{ rodovia: 'SP-330', kmInicial: 318, kmFinal: 103 }], 'pt-BR')).toBe(
      'SP-330, 318, 103',
    );
  });
});

describe('requirements of a draft', () => {
  it('waits for leaving the initial status', () => {
    expect(requirementApplies('leavingInitialStatus', { draft: true })).toBe(false);
    expect(requirementApplies('leavingInitialStatus', { draft: false })).toBe(true);
    expect(requirementApplies(undefined, { draft: true })).toBe(true);
    expect(isDraftSave({ initial: 'rascunho', before: 'rascunho', after: 'rascunho' })).toBe(true);
    expect(isDraftSave({ initial: 'rascunho', before: 'rascunho', after: 'enviada' })).toBe(false);
    expect(isDraftSave({ initial: null, before: null, after: null })).toBe(false);
  });

  it('the shared rules refuse an empty required-from-sending field only outside a draft', async () => {
    const component = { fields: [segments], rules: [] };
    expect(
      (await evaluateComponentRules(component, {}, 'beforeSave', undefined, { draft: true })).errors,
    ).toEqual([]);
    const sending = await evaluateComponentRules(component, {}, 'beforeSave', undefined, { draft: false });
    expect(sending.errors).toEqual([expect.objectContaining({ field: 'trechos', code: 'fillInThisField' })]);
  });
});
