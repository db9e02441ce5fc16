import type { Language } from '@der/contracts';

/** What every value formatter needs: the UI language and the translation of the few words values carry. */
export interface FormatContext {
  language: Language;
  /** i18next's `t` (or a test double): booleans say 'Sim'/'Não' or 'Yes'/'No'. */
  t: (key: string) => string;
}

/** Spec §9: dates are shown in the department's time zone, whatever the browser's. */
export const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';
