import { type LocalizedText, localize } from '@der/contracts';

const isLocalizedText = (value: unknown): value is LocalizedText =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>)['pt-BR'] === 'string' &&
  typeof (value as Record<string, unknown>).en === 'string';

/**
 * The texts of a `messages` indicator in the user's language: its expression may answer one text or a list
 * (JSONata answers a single match unwrapped), each a string or `{ "pt-BR", "en" }`; anything else is skipped.
 */
export function indicatorMessages(value: unknown, language: string): string[] {
  const entries = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return entries.flatMap((entry) => {
    if (typeof entry === 'string') return entry === '' ? [] : [entry];
    return isLocalizedText(entry) ? [localize(entry, language)] : [];
  });
}
