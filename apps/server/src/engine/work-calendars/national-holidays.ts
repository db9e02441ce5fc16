import type { Language, NationalHoliday } from '@der/contracts';
import { brazilianHolidays, easterSunday } from '../deadlines/brazil-holidays.ts';
import { addDays } from '../deadlines/zoned-time.ts';

type Names = Record<Language, string>;

const FIXED_NAMES: Record<string, Names> = {
  '01-01': { 'pt-BR': 'Confraternização Universal', en: "New Year's Day" },
  '04-21': { 'pt-BR': 'Tiradentes', en: 'Tiradentes' },
  '05-01': { 'pt-BR': 'Dia do Trabalho', en: 'Labour Day' },
  '09-07': { 'pt-BR': 'Independência do Brasil', en: 'Independence Day' },
  '10-12': { 'pt-BR': 'Nossa Senhora Aparecida', en: 'Our Lady of Aparecida' },
  '11-02': { 'pt-BR': 'Finados', en: "All Souls' Day" },
  '11-15': { 'pt-BR': 'Proclamação da República', en: 'Republic Day' },
  '11-20': { 'pt-BR': 'Dia Nacional de Zumbi e da Consciência Negra', en: 'Black Consciousness Day' },
  '12-25': { 'pt-BR': 'Natal', en: 'Christmas Day' },
};

/** The movable holidays by their distance from Easter Sunday (brazil-holidays.ts decides which count). */
const MOVABLE_NAMES: Record<number, Names> = {
  [-48]: { 'pt-BR': 'Carnaval (segunda-feira)', en: 'Carnival Monday' },
  [-47]: { 'pt-BR': 'Carnaval (terça-feira)', en: 'Carnival Tuesday' },
  [-2]: { 'pt-BR': 'Sexta-feira Santa', en: 'Good Friday' },
  60: { 'pt-BR': 'Corpus Christi', en: 'Corpus Christi' },
};

/**
 * Brazil's national holidays of a year with their names, by date: the days are brazilianHolidays' (the one
 * authority deadlines count on), the names only label them.
 */
export function nationalHolidaysOf(year: number, language: Language): NationalHoliday[] {
  const easter = easterSunday(year);
  const movable = new Map(
    Object.entries(MOVABLE_NAMES).map(([offset, names]) => [addDays(easter, Number(offset)), names]),
  );
  return brazilianHolidays(year).map((day) => {
    const names = movable.get(day) ?? FIXED_NAMES[day.slice(5)];
    return { day, name: names?.[language] ?? day };
  });
}
