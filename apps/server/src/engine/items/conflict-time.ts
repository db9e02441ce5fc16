import type { Language } from '@der/contracts';

const FORMATS: Record<Language, Intl.DateTimeFormat> = {
  'pt-BR': new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }),
};

/** When an item was last saved, as the conflict message quotes it: DD/MM/YYYY HH:mm in America/Sao_Paulo. */
export function formatConflictInstant(instant: Date, language: Language): string {
  return FORMATS[language].format(instant).replace(',', '');
}
