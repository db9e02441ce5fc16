import { describe, expect, it } from 'vitest';
import { storedFormsOf, uniqueKeyOf } from './unique-values.ts';

describe('unique values in canonical form', () => {
  const plate = { pattern: 'plate' as const, uppercase: true };

  it('makes the old and the Mercosul form of a plate one value (5th character 0→A … 9→J)', () => {
    expect(uniqueKeyOf(plate, 'ABC1234')).toBe('ABC1C34');
    expect(uniqueKeyOf(plate, 'abc-1c34')).toBe('ABC1C34');
    expect(uniqueKeyOf(plate, 'XYZ9099')).toBe('XYZ9A99');
    expect(uniqueKeyOf(plate, 'XYZ9J99')).toBe(uniqueKeyOf(plate, 'XYZ9999'));
    expect(uniqueKeyOf(plate, 'XYZ9K99')).not.toBe(uniqueKeyOf(plate, 'XYZ9099'));
  });

  it('looks a plate up under both its stored forms', () => {
    expect(storedFormsOf(plate, 'ABC1234')).toEqual(['ABC1C34', 'ABC1234']);
    expect(storedFormsOf(plate, 'ABC1C34')).toEqual(['ABC1C34', 'ABC1234']);
    // A Mercosul plate whose 5th letter is past J never had an old form.
    expect(storedFormsOf(plate, 'ABC1K34')).toEqual(['ABC1K34']);
  });

  it('compares other values as stored (capitals for an upper-cased field), empty ones never', () => {
    expect(uniqueKeyOf({ uppercase: true }, ' ab12 ')).toBe('AB12');
    expect(uniqueKeyOf({ uppercase: false }, 'ab12')).toBe('ab12');
    expect(uniqueKeyOf({ uppercase: false }, 12)).toBe('12');
    expect(uniqueKeyOf({ uppercase: false }, '  ')).toBeNull();
    expect(storedFormsOf({ uppercase: false }, null)).toEqual([]);
  });
});
