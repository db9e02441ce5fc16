import { type FieldDefinition, maskIndexForDigits, maskOf } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { matchesMask } from './fieldMasks.ts';

const phone = { key: 'fone', type: 'STRING', pattern: 'phone', mask: '(00) 00000-0000' } as FieldDefinition;
const PHONE_MASKS = [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }];

describe('field masks', () => {
  it('chooses the landline mask up to 10 digits and the mobile one from 11', () => {
    expect(maskIndexForDigits(PHONE_MASKS, 0)).toBe(0);
    expect(maskIndexForDigits(PHONE_MASKS, 10)).toBe(0);
    expect(maskIndexForDigits(PHONE_MASKS, 11)).toBe(1);
    expect(maskIndexForDigits(PHONE_MASKS, 15)).toBe(1);
  });

  it("types a phone with the landline/mobile pair even when the definition gives the mobile's mask alone", () => {
    expect(maskOf(phone)).toEqual(PHONE_MASKS);
    expect(matchesMask('(62) 3251-4400', phone)).toBe(true);
    expect(matchesMask('(62) 93251-4400', phone)).toBe(true);
    expect(matchesMask('(62) 3251-440', phone)).toBe(false);
  });
});
