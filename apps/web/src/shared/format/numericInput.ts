import { columnDecimals, type FieldType } from '@der/contracts';

/** Decimals a numeric filter or editor accepts (spec §5: integers 0, currency and decimal 2). */
export function numericDecimalsOf(column: { type: FieldType; decimals?: number | null }): number {
  return column.decimals ?? columnDecimals(column.type) ?? 0;
}

/**
 * Keeps only what makes a number while the user types (spec §5: numeric filters accept only numbers): an
 * optional leading minus, digits, and — when decimals are allowed — one decimal separator (',' or '.', shown
 * as typed) followed by at most `decimals` digits. Letters, spaces and a second separator are dropped.
 */
export function sanitizeNumericInput(text: string, decimals: number): string {
  let result = '';
  let separatorSeen = false;
  let decimalsTyped = 0;
  for (const [index, char] of [...text.trim()].entries()) {
    if (char === '-' && index === 0) {
      result += char;
    } else if (char >= '0' && char <= '9') {
      if (separatorSeen) {
        if (decimalsTyped >= decimals) continue;
        decimalsTyped += 1;
      }
      result += char;
    } else if ((char === ',' || char === '.') && decimals > 0 && !separatorSeen) {
      separatorSeen = true;
      result += char;
    }
  }
  return result;
}

/** The number a sanitized input holds, or null while it is not one yet ('', '-', '12,'). */
export function parseNumericInput(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** A stored number as an editor shows it, with the language's decimal separator. */
export function numberToInput(value: unknown, decimalSeparator: ',' | '.'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return String(value).replace('.', decimalSeparator);
}
