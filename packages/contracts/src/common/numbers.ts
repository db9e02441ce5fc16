/**
 * A number from JSON, or from text typed in Brazilian (1.234,56, R$ 1.234,56) or plain (1234.56) notation;
 * null when it is not one. The browser (instant feedback) and the server (authoritative) read numbers alike.
 */
export function parseBrazilianNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let text = value.trim().replace(/^R\$\s*/, '');
  if (/^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) text = text.replaceAll('.', '').replace(',', '.');
  else if (/^[+-]?\d+,\d+$/.test(text)) text = text.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}
