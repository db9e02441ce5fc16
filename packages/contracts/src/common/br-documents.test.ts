import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPlate,
  isValidRenavam,
  maskCpfForPublic,
  toMercosulPlate,
} from './br-documents.ts';

const digit = fc.constantFrom(...'0123456789');
const cnpjChar = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digits = (length: number) =>
  fc.array(digit, { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('CPF', () => {
  it('accepts the documented valid examples, masked or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths and all-equal digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('accepts every base completed with its check digits, and refuses any other last digit', () => {
    fc.assert(
      fc.property(digits(9), fc.integer({ min: 1, max: 9 }), (base, shift) => {
        fc.pre(!/^(\d)\1{8}$/.test(base));
        const check = cpfCheckDigits(base);
        expect(isValidCpf(base + check)).toBe(true);
        const wrongLast = (Number(check[1]) + shift) % 10;
        expect(isValidCpf(`${base}${check[0]}${wrongLast}`)).toBe(false);
      }),
    );
  });
});

describe('CNPJ', () => {
  it('accepts the documented numeric and alphanumeric examples', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  it('refuses wrong check digits, letters in the check digits and all-equal characters', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('11.222.333/0001')).toBe(false);
  });

  it('accepts every alphanumeric base completed with its check digits, and refuses a changed character', () => {
    fc.assert(
      fc.property(
        fc.array(cnpjChar, { minLength: 12, maxLength: 12 }).map((c) => c.join('')),
        fc.nat(11),
        (base, position) => {
          fc.pre(!/^(.)\1{11}$/.test(base));
          const cnpj = base + cnpjCheckDigits(base);
          expect(isValidCnpj(cnpj)).toBe(true);
          // Changing one digit of the base changes the weighted sum mod 11; the check digit only misses it when
          // the remainder moves between 0 and 1, which both give the digit 0 (the algorithm's own blind spot).
          const original = cnpj[position] ?? '0';
          if (/\d/.test(original)) {
            const changed = String((Number(original) + 1) % 10);
            const tampered = cnpj.slice(0, position) + changed + cnpj.slice(position + 1);
            fc.pre(cnpjCheckDigits(tampered.slice(0, 12)) !== cnpj.slice(12));
            expect(isValidCnpj(tampered)).toBe(false);
          }
        },
      ),
    );
  });
});

describe('other documents', () => {
  it('checks RENAVAM digits, padding old 9-digit numbers', () => {
    expect(isValidRenavam('86769597308')).toBe(true);
    expect(isValidRenavam('86769597307')).toBe(false);
    expect(isValidRenavam('123')).toBe(false);
  });

  it('accepts old and Mercosul plates and converts between them', () => {
    expect(isValidPlate('ABC1234')).toBe(true);
    expect(isValidPlate('abc-1d23')).toBe(true);
    expect(isValidPlate('AB12345')).toBe(false);
    expect(toMercosulPlate('ABC1234')).toBe('ABC1C34');
    expect(toMercosulPlate('ABC1D23')).toBe('ABC1D23');
  });

  it('checks CEPs and formats documents with the spec masks', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCpfForPublic('52998224725')).toBe('***.982.247-**');
  });
});
