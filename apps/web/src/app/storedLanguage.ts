import { LANGUAGES, type Language } from '@der/contracts';

// Apart from i18n.ts so that the early page request (earlyPageRequest.ts) can read the language without loading
// i18next and the translations.

/** Spec §1: the chosen language is remembered locally under 'language'. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Maps 'pt-br', 'pt', 'en-US' ... onto the offered languages; null for anything else. */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  if (lower.startsWith('en')) return 'en';
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
}

export function readStoredLanguage(storage: Storage | undefined = defaultStorage()): Language | null {
  return normalizeLanguage(storage?.getItem(LANGUAGE_STORAGE_KEY));
}
