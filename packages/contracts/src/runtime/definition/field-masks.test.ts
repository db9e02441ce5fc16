import { describe, expect, it } from 'vitest';
import { maskedText } from './field-masks.ts';

describe('stored texts shown through their mask', () => {
  it.each([
    [{ pattern: 'phone' as const }, '6232514400', '(62) 3251-4400'],
    [{ pattern: 'phone' as const }, '11912345678', '(11) 91234-5678'],
    [{ pattern: 'phone' as const, mask: '(99) 99999-9999' }, '6232514400', '(62) 3251-4400'],
    [{ pattern: 'cpfCnpj' as const }, '52998224725', '529.982.247-25'],
    [{ pattern: 'cpfCnpj' as const }, '11222333000181', '11.222.333/0001-81'],
    [{ pattern: 'cep' as const }, '74000000', '74000-000'],
    [{ mask: '999.999.999-99' }, '529.982.247-25', '529.982.247-25'],
    [{ pattern: 'plate' as const }, 'RTA1B23', 'RTA1B23'],
  ])('%o: %s → %s', (field, stored, shown) => {
    expect(maskedText(field, stored)).toBe(shown);
  });

  it('shows a value that does not fill its mask, or a field without one, as stored', () => {
    expect(maskedText({ pattern: 'cpf' }, '123')).toBe('123');
    expect(maskedText({ pattern: 'phone' }, '(62) 3251-44')).toBe('(62) 3251-44');
    expect(maskedText({}, '6232514400')).toBe('6232514400');
    expect(maskedText({ pattern: 'email' }, 'ana@example.com')).toBe('ana@example.com');
  });
});
