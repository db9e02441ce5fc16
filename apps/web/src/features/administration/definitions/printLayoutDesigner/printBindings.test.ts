import type { PrintBinding } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { bindingOfKind, formatOfKind, isBindingKind, isFormatKind } from './printBindings.ts';

const FIELD: PrintBinding = { kind: 'field', field: 'nome', format: { kind: 'auto' } };
const TEMPLATE: PrintBinding = {
  kind: 'template',
  text: { 'pt-BR': 'Nome: {{nome}}', en: 'Name: {{nome}}' },
};

describe('print bindings and formats in the designer', () => {
  it('starts decimals with two digits and dates as DD/MM/YYYY', () => {
    expect(formatOfKind('decimal')).toEqual({ kind: 'decimal', digits: 2 });
    expect(formatOfKind('date')).toEqual({ kind: 'date', dateFormatType: 1 });
    expect(formatOfKind('cpfCnpj')).toEqual({ kind: 'cpfCnpj' });
  });

  it('keeps the binding when its kind is chosen again', () => {
    expect(bindingOfKind('field', FIELD, 'FormattedID')).toBe(FIELD);
  });

  it('turns a field into a template naming it, and a template into a literal with its text', () => {
    expect(bindingOfKind('template', FIELD, 'FormattedID')).toEqual({
      kind: 'template',
      text: { 'pt-BR': '{{nome}}', en: '{{nome}}' },
    });
    expect(bindingOfKind('literal', TEMPLATE, 'FormattedID')).toEqual({
      kind: 'literal',
      text: TEMPLATE.text,
    });
  });

  it('starts a literal taken from a field empty, and a field binding on the first key offered', () => {
    expect(bindingOfKind('literal', FIELD, 'FormattedID')).toEqual({
      kind: 'literal',
      text: { 'pt-BR': '', en: '' },
    });
    expect(bindingOfKind('field', TEMPLATE, 'placa')).toEqual({
      kind: 'field',
      field: 'placa',
      format: { kind: 'auto' },
    });
    expect(bindingOfKind('context', TEMPLATE, 'placa')).toEqual({ kind: 'context', key: 'publicUrl' });
  });

  it('recognises the kinds a select may hand back', () => {
    expect(isBindingKind('template')).toBe(true);
    expect(isBindingKind('script')).toBe(false);
    expect(isFormatKind('currency')).toBe(true);
    expect(isFormatKind('money')).toBe(false);
  });
});
