import { type FieldDefinition, FieldDefinitionSchema } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { checkFieldValue, parseInstant } from './field-values.ts';

const field = (definition: Record<string, unknown>): FieldDefinition =>
  FieldDefinitionSchema.parse({ key: 'campo', label: { 'pt-BR': 'Campo', en: 'Field' }, ...definition });

describe('checkFieldValue: the shared §5 rules, then what only the server does', () => {
  it('refuses what the browser refuses, with the same message (a mask, a CEP)', () => {
    expect(checkFieldValue(field({ type: 'STRING', mask: '0000' }), '12a4')).toEqual({
      ok: false,
      issue: { message: 'maskMismatch', params: { mask: '0000' } },
    });
    expect(checkFieldValue(field({ type: 'STRING', pattern: 'cep' }), '01310-10')).toEqual({
      ok: false,
      issue: { message: 'invalidCep' },
    });
  });

  it('stores rich text sanitised; markup that leaves nothing is no value (refused when required)', () => {
    expect(checkFieldValue(field({ type: 'RICH_TEXT' }), '<b>ok</b><script>alert(1)</script>')).toEqual({
      ok: true,
      value: '<b>ok</b>',
    });
    expect(checkFieldValue(field({ type: 'RICH_TEXT' }), '<script>alert(1)</script>')).toEqual({
      ok: true,
      value: null,
    });
    expect(
      checkFieldValue(field({ type: 'RICH_TEXT', required: true }), '<img src=x onerror=alert(1)>'),
    ).toEqual({ ok: false, issue: { message: 'fillInThisField' } });
  });

  it('keeps other values in their storage form', () => {
    expect(checkFieldValue(field({ type: 'STRING', pattern: 'cpf' }), '529.982.247-25')).toEqual({
      ok: true,
      value: '52998224725',
    });
    expect(checkFieldValue(field({ type: 'GENERIC_ITEM_TYPE', targetComponentId: 1 }), '12')).toEqual({
      ok: true,
      value: 12,
    });
    expect(parseInstant('2026-02-30')).toBeNull();
    expect(parseInstant('2026-02-28')).toBe('2026-02-28T00:00:00.000Z');
  });
});
