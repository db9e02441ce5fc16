import { FieldDefinitionSchema } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { readOnlyFieldIssues } from './field-permissions.ts';

const phone = FieldDefinitionSchema.parse({
  key: 'telefone',
  type: 'STRING',
  label: { 'pt-BR': 'Telefone', en: 'Phone' },
  pattern: 'phone',
});

describe('readOnlyFieldIssues', () => {
  const readOnly = new Set(['telefone']);
  const before = { telefone: '11912345678' };

  it('takes a read-only value sent back as its mask shows it for no change', () => {
    expect(readOnlyFieldIssues(readOnly, { telefone: '(11) 91234-5678' }, before, [phone])).toEqual([]);
  });

  it('refuses a different value of a read-only field, masked or not', () => {
    const refused = [{ field: 'telefone', message: 'fieldNotEditable' }];
    expect(readOnlyFieldIssues(readOnly, { telefone: '(11) 91234-0000' }, before, [phone])).toEqual(refused);
    expect(readOnlyFieldIssues(readOnly, { telefone: '' }, before, [phone])).toEqual(refused);
  });
});
