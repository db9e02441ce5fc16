import { describe, expect, it } from 'vitest';
import { columnWidthOf, columnWidthRange } from './columnWidths.ts';
import { dayRangeOf, isValidDateInput } from './dateFilterInput.ts';
import { numericDecimalsOf, parseNumericInput, sanitizeNumericInput } from './numericInput.ts';

describe('column widths of spec §9', () => {
  it('by type', () => {
    expect(columnWidthOf({ type: 'STRING' }).width).toBe(300);
    expect(columnWidthOf({ type: 'GENERIC_ITEM_TYPE' }).width).toBe(300);
    expect(columnWidthOf({ type: 'ITEM_TYPE_STATUS' }).width).toBe(250);
    expect(columnWidthOf({ type: 'CURRENCY' }).width).toBe(200);
    expect(columnWidthOf({ type: 'DURATION' }).width).toBe(200);
    expect(columnWidthRange('USERS')).toEqual({ min: 200, max: 300 });
    expect(columnWidthRange('INTEGER')).toEqual({ min: 150, max: 250 });
    expect(columnWidthRange('PICKLIST')).toEqual({ min: 200, max: 250 });
    expect(columnWidthRange('DATE_TIME')).toEqual({ min: 150, max: 200 });
    expect(columnWidthRange('BOOLEAN')).toEqual({ min: 150, max: 200 });
  });

  it("the definition's width wins", () => {
    expect(columnWidthOf({ type: 'INTEGER', columnWidth: 220 })).toEqual({ width: 220, minWidth: 150 });
    expect(columnWidthOf({ type: 'INTEGER', columnWidth: 90 })).toEqual({ width: 90, minWidth: 90 });
  });
});

describe('numeric filter inputs accept only numbers (spec §5)', () => {
  it('integers take no decimals', () => {
    expect(sanitizeNumericInput('12a3', 0)).toBe('123');
    expect(sanitizeNumericInput('12,5', 0)).toBe('125');
    expect(sanitizeNumericInput('-7', 0)).toBe('-7');
    expect(sanitizeNumericInput('7-', 0)).toBe('7');
  });

  it('currency and decimals take two', () => {
    expect(sanitizeNumericInput('1234,567', 2)).toBe('1234,56');
    expect(sanitizeNumericInput('12.5.3', 2)).toBe('12.53');
    expect(sanitizeNumericInput('R$ 10', 2)).toBe('10');
    expect(sanitizeNumericInput('abc', 2)).toBe('');
  });

  it('parses both separators; unfinished text is no number', () => {
    expect(parseNumericInput('12,5')).toBe(12.5);
    expect(parseNumericInput('12.5')).toBe(12.5);
    expect(parseNumericInput('-3')).toBe(-3);
    expect(parseNumericInput('12,')).toBeNull();
    expect(parseNumericInput('-')).toBeNull();
    expect(parseNumericInput('')).toBeNull();
  });

  it('decimals by type', () => {
    expect(numericDecimalsOf({ type: 'INTEGER' })).toBe(0);
    expect(numericDecimalsOf({ type: 'CURRENCY' })).toBe(2);
    expect(numericDecimalsOf({ type: 'DECIMAL', decimals: 3 })).toBe(3);
  });
});

describe('date filter values are kept only when valid (spec §5: 1753–9999)', () => {
  it('accepts real dates in range', () => {
    expect(isValidDateInput('2026-02-28')).toBe(true);
    expect(isValidDateInput('1753-01-01')).toBe(true);
    expect(isValidDateInput('9999-12-31')).toBe(true);
  });

  it('refuses impossible or out-of-range dates', () => {
    expect(isValidDateInput('2026-02-30')).toBe(false);
    expect(isValidDateInput('1752-12-31')).toBe(false);
    expect(isValidDateInput('')).toBe(false);
    expect(isValidDateInput('05/03/2026')).toBe(false);
  });

  it('a day covers São Paulo midnight to midnight', () => {
    expect(dayRangeOf('2026-03-05')).toEqual({
      start: '2026-03-05T03:00:00.000Z',
      end: '2026-03-06T02:59:59.999Z',
    });
    expect(dayRangeOf('2026-13-01')).toBeNull();
  });
});
