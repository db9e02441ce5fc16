import type { Language } from '@der/contracts';

/** Spec §2.10: a year is 31536000 s and a month 2592000 s. */
export const SECONDS_PER_YEAR = 31_536_000;
export const SECONDS_PER_MONTH = 2_592_000;
const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_HOUR = 3_600;
const SECONDS_PER_MINUTE = 60;

type Unit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** Largest unit first: the first one whose value is greater than 1 is used (spec §2.10). */
const UNITS: [Unit, number][] = [
  ['year', SECONDS_PER_YEAR],
  ['month', SECONDS_PER_MONTH],
  ['day', SECONDS_PER_DAY],
  ['hour', SECONDS_PER_HOUR],
  ['minute', SECONDS_PER_MINUTE],
];

const WORDS: Record<Language, Record<Unit, [singular: string, plural: string]>> = {
  'pt-BR': {
    year: ['ano', 'anos'],
    month: ['mês', 'meses'],
    day: ['dia', 'dias'],
    hour: ['hora', 'horas'],
    minute: ['minuto', 'minutos'],
    second: ['segundo', 'segundos'],
  },
  en: {
    year: ['year', 'years'],
    month: ['month', 'months'],
    day: ['day', 'days'],
    hour: ['hour', 'hours'],
    minute: ['minute', 'minutes'],
    second: ['second', 'seconds'],
  },
};

function phrase(language: Language, count: number, unit: Unit): string {
  const [singular, plural] = WORDS[language][unit];
  const word = count === 1 ? singular : plural;
  return language === 'en' ? `${count} ${word} ago` : `há ${count} ${word}`;
}

/**
 * How long ago `date` was, relative to `now` ('há 3 dias', '3 days ago'). A unit is used when its value is
 * greater than 1, so 90 minutes read as an hour and 1.5 years as a year; otherwise the next smaller one.
 * A date in the future (clock skew between server and browser) counts as now.
 */
export function formatRelativeTime(date: Date | string, now: Date, language: Language = 'pt-BR'): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    const value = seconds / size;
    if (value > 1) return phrase(language, Math.floor(value), unit);
  }
  return phrase(language, seconds, 'second');
}
