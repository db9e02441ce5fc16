import { describe, expect, it } from 'vitest';
import { formatValidationMessage } from '../../common/validation-messages.ts';
import type { FieldDefinition } from '../definition/field.ts';
import { FieldDefinitionSchema } from '../definition/field.ts';
import type { FieldRuleResult } from './field-rule-types.ts';
import { checkFieldRules, fieldValueOf } from './field-rules.ts';
import { matchesMask } from './text-field-value.ts';
import { checkTimeEntryNote } from './time-entry-note-rule.ts';

const field = (definition: Record<string, unknown>): FieldDefinition =>
  FieldDefinitionSchema.parse({ key: 'campo', label: { 'pt-BR': 'Campo', en: 'Field' }, ...definition });

/** The refusal in both languages, or 'ok'. */
function texts(result: FieldRuleResult): string {
  if (result.ok) return 'ok';
  const { message, params } = result.issue;
  return `${formatValidationMessage(message, 'en', params)} | ${formatValidationMessage(message, 'pt-BR', params)}`;
}

describe('§5 field rules, messages in both languages', () => {
  it.each<[string, Record<string, unknown>, unknown, string]>([
    [
      'required and empty',
      { type: 'STRING', required: true },
      '  ',
      'Fill in this field | Preencha este campo',
    ],
    [
      'required number empty',
      { type: 'DECIMAL', required: true },
      null,
      'Fill in this field | Preencha este campo',
    ],
    ['optional and empty', { type: 'DECIMAL' }, '', 'ok'],
    [
      'default upper bound 1e21',
      { type: 'DECIMAL' },
      2e21,
      'the field value must be between -1e+22 and 1e+21 | O valor do campo deve estar entre -1e+22 e 1e+21',
    ],
    [
      'default lower bound −1e22',
      { type: 'INTEGER' },
      -2e22,
      'the field value must be between -1e+22 and 1e+21 | O valor do campo deve estar entre -1e+22 e 1e+21',
    ],
    [
      'own bounds',
      { type: 'DECIMAL', minimum: 0, maximum: 74 },
      '74,5',
      'the field value must be between 0 and 74 | O valor do campo deve estar entre 0 e 74',
    ],
    ['within bounds, Brazilian notation', { type: 'DECIMAL', minimum: 0, maximum: 74 }, '73,9', 'ok'],
    ['not a number', { type: 'DECIMAL' }, '12abc', 'Invalid value | Valor inválido'],
    ['currency two decimals', { type: 'CURRENCY' }, 'R$ 1.234,56', 'ok'],
    ['currency binary fraction', { type: 'CURRENCY' }, 0.1 + 0.2, 'ok'],
    [
      'currency three decimals',
      { type: 'CURRENCY' },
      1.005,
      'Enter at most 2 decimal places | Informe no máximo 2 casas decimais',
    ],
    ['integer', { type: 'INTEGER' }, 2.5, 'Enter a whole number | Informe um número inteiro'],
    ['valid date', { type: 'DATE_TIME' }, '2026-02-28', 'ok'],
    ['valid instant', { type: 'DATE_TIME' }, '2026-02-28T13:45:00.000Z', 'ok'],
    ['impossible day', { type: 'DATE_TIME' }, '2026-02-30', 'Incorrect Date | Data incorreta'],
    ['before 1753', { type: 'DATE_TIME' }, '1752-12-31', 'Incorrect Date | Data incorreta'],
    ['first day of 1753', { type: 'DATE_TIME' }, '1753-01-01', 'ok'],
    [
      'after 9999 by zone',
      { type: 'DATE_TIME' },
      '9999-12-31T23:00:00-03:00',
      'Incorrect Date | Data incorreta',
    ],
    ['not a date', { type: 'DATE_TIME' }, '31/12/2026', 'Incorrect Date | Data incorreta'],
    ['e-mail', { type: 'STRING', pattern: 'email' }, 'ana@der.sp.gov.br', 'ok'],
    [
      'e-mail with 5-letter TLD',
      { type: 'STRING', pattern: 'email' },
      'ana@der.brasil',
      'Invalid email | Email inválido',
    ],
    ['CPF masked', { type: 'STRING', pattern: 'cpf' }, '529.982.247-25', 'ok'],
    ['CPF wrong digits', { type: 'STRING', pattern: 'cpf' }, '529.982.247-26', 'Invalid CPF | CPF inválido'],
    ['CNPJ', { type: 'STRING', pattern: 'cnpj' }, '11.222.333/0001-81', 'ok'],
    ['CNPJ wrong', { type: 'STRING', pattern: 'cnpj' }, '11.222.333/0001-82', 'Invalid CNPJ | CNPJ inválido'],
    ['CPF/CNPJ wrong', { type: 'STRING', pattern: 'cpfCnpj' }, '123', 'Invalid CPF/CNPJ | CPF/CNPJ inválido'],
    ['CEP', { type: 'STRING', pattern: 'cep' }, '01310-100', 'ok'],
    ['CEP short', { type: 'STRING', pattern: 'cep' }, '01310-10', 'Invalid postal code (CEP) | CEP inválido'],
    ['phone 11 digits', { type: 'STRING', pattern: 'phone' }, '(11) 98765-4321', 'ok'],
    ['phone 10 digits', { type: 'STRING', pattern: 'phone' }, '(11) 8765-4321', 'ok'],
    [
      'phone short',
      { type: 'STRING', pattern: 'phone' },
      '8765-4321',
      'Invalid phone number | Telefone inválido',
    ],
    [
      'mask',
      { type: 'STRING', mask: '0000' },
      '12a4',
      'The value does not follow the format 0000 | O valor não segue o formato 0000',
    ],
    [
      'too long',
      { type: 'STRING', maxLength: 3 },
      'abcd',
      'Text too long (maximum 3) | Texto longo demais (máximo 3)',
    ],
    [
      'picklist option',
      { type: 'PICKLIST', options: [{ value: 'a', text: { 'pt-BR': 'A', en: 'A' } }] },
      'b',
      'Invalid value | Valor inválido',
    ],
  ])('%s', (_name, definition, value, expected) => {
    expect(texts(checkFieldRules(field(definition), value))).toBe(expected);
  });

  it('a required rule can make an optional field required', () => {
    expect(texts(checkFieldRules(field({ type: 'STRING' }), '', true))).toBe(
      'Fill in this field | Preencha este campo',
    );
  });

  it('masks accept the formatted value or its raw characters', () => {
    expect(matchesMask('000.000.000-00', '529.982.247-25')).toBe(true);
    expect(matchesMask('000.000.000-00', '52998224725')).toBe(true);
    expect(matchesMask('00000-000', '0131-0100')).toBe(false);
    expect(matchesMask('aaa0a00', 'ABC1D23')).toBe(true);
  });

  it.each<[unknown, unknown, string]>([
    ['08:00', '12:00', 'ok'],
    ['12:00', '12:00', 'The start must be before the end | O início deve ser anterior ao fim'],
    ['13:00', '12:00', 'The start must be before the end | O início deve ser anterior ao fim'],
    ['2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', 'ok'],
    [
      '2026-03-10T10:00:00Z',
      '2026-03-10T09:00:00Z',
      'The start must be before the end | O início deve ser anterior ao fim',
    ],
    ['25:00', '12:00', 'Invalid time (HH:mm) | Horário inválido (HH:mm)'],
    ['08:00', '2026-03-10T09:00:00Z', 'Invalid time (HH:mm) | Horário inválido (HH:mm)'],
  ])('time-entry note %s → %s', (start, end, expected) => {
    expect(texts(checkTimeEntryNote({ start, end }))).toBe(expected);
  });
});

const PICKLIST = { type: 'PICKLIST', options: [{ value: 'a', text: { 'pt-BR': 'A', en: 'A' } }] };

describe('fieldValueOf: the one §5 check, with the value as storage keeps it', () => {
  const stored = (definition: Record<string, unknown>, raw: unknown) => {
    const result = fieldValueOf(field(definition), raw);
    return result.ok ? result.value : `refused: ${result.issue.message}`;
  };

  it.each<[string, Record<string, unknown>, unknown, unknown]>([
    ['empty is null', { type: 'STRING' }, '  ', null],
    ['number typed in Brazilian notation', { type: 'DECIMAL' }, '1.234,5', 1234.5],
    ['currency keeps its cents', { type: 'CURRENCY' }, 0.1 + 0.2, 0.3],
    ['boolean text', { type: 'BOOLEAN' }, 'false', false],
    ['date as an ISO UTC instant', { type: 'DATE_TIME' }, '2026-02-28', '2026-02-28T00:00:00.000Z'],
    ['text trimmed and upper-cased', { type: 'STRING', uppercase: true }, ' abc1d23 ', 'ABC1D23'],
    ['e-mail lower-cased', { type: 'STRING', pattern: 'email' }, ' Ana@DER.sp.gov.br ', 'ana@der.sp.gov.br'],
    ['CPF as its digits', { type: 'STRING', pattern: 'cpf' }, '529.982.247-25', '52998224725'],
    ['CEP as its digits', { type: 'STRING', pattern: 'cep' }, '01310-100', '01310100'],
    ['phone as its digits', { type: 'STRING', pattern: 'phone' }, '(11) 98765-4321', '11987654321'],
    ['rich text kept as typed', { type: 'RICH_TEXT' }, ' <b>x</b> ', ' <b>x</b> '],
    ['text longer than the default ceiling', { type: 'STRING' }, 'a'.repeat(100_001), 'refused: tooLong'],
    ['picklist value among the options', PICKLIST, 'a', 'a'],
    ['picklist value that is not text', PICKLIST, true, 'refused: invalidValue'],
    ['one reference id', { type: 'USERS' }, '7', 7],
    ['a reference that is no id', { type: 'USERS' }, 'ana', 'refused: invalidValue'],
    ['a multiple reference, each id once', { type: 'GROUPS', multiple: true }, [3, '3', 4], [3, 4]],
    ['a zero id', { type: 'COMPANY', multiple: true }, [0], 'refused: invalidValue'],
    [
      'users or groups entries, each once',
      { type: 'USERS_OR_GROUPS' },
      [
        { kind: 'user', id: 1 },
        { kind: 'group', id: 1 },
        { kind: 'user', id: 1 },
      ],
      [
        { kind: 'user', id: 1 },
        { kind: 'group', id: 1 },
      ],
    ],
    ['a users-or-groups entry of no kind', { type: 'USERS_OR_GROUPS' }, [{ id: 1 }], 'refused: invalidValue'],
    ['file ids', { type: 'BINARY' }, [5, 6], [5, 6]],
  ])('%s', (_name, definition, raw, expected) => {
    expect(stored(definition, raw)).toEqual(expected);
  });

  it('checkFieldRules refuses exactly what fieldValueOf refuses', () => {
    for (const [definition, raw] of [
      [{ type: 'USERS' }, 'ana'],
      [{ type: 'STRING', mask: '0000' }, '12a4'],
      [{ type: 'INTEGER' }, '2,5'],
    ] as const) {
      const value = fieldValueOf(field(definition), raw);
      const rule = checkFieldRules(field(definition), raw);
      expect(value.ok).toBe(false);
      expect(rule).toEqual({ ok: false, issue: value.ok ? undefined : value.issue });
    }
  });
});
