import { describe, expect, it } from 'vitest';
import { formatRelativeTime, SECONDS_PER_MONTH, SECONDS_PER_YEAR } from './formatRelativeTime.ts';

const NOW = new Date('2030-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'há 0 segundos', '0 seconds ago'],
    [1, 'há 1 segundo', '1 second ago'],
    [45, 'há 45 segundos', '45 seconds ago'],
    // exactly one minute is not "greater than 1" minute: still seconds
    [60, 'há 60 segundos', '60 seconds ago'],
    [61, 'há 1 minuto', '1 minute ago'],
    [150, 'há 2 minutos', '2 minutes ago'],
    [3600, 'há 60 minutos', '60 minutes ago'],
    [3601, 'há 1 hora', '1 hour ago'],
    [5 * 3600, 'há 5 horas', '5 hours ago'],
    [86_401, 'há 1 dia', '1 day ago'],
    [3 * 86_400 + 5, 'há 3 dias', '3 days ago'],
    [30 * 86_400, 'há 30 dias', '30 days ago'],
    [SECONDS_PER_MONTH + 1, 'há 1 mês', '1 month ago'],
    [4 * SECONDS_PER_MONTH, 'há 4 meses', '4 months ago'],
    [SECONDS_PER_YEAR + 1, 'há 1 ano', '1 year ago'],
    [3 * SECONDS_PER_YEAR, 'há 3 anos', '3 years ago'],
  ])('%i seconds ago reads %s / %s', (seconds, pt, en) => {
    expect(formatRelativeTime(ago(seconds), NOW, 'pt-BR')).toBe(pt);
    expect(formatRelativeTime(ago(seconds), NOW, 'en')).toBe(en);
  });

  it('uses the month and year lengths of the spec', () => {
    expect(SECONDS_PER_YEAR).toBe(31_536_000);
    expect(SECONDS_PER_MONTH).toBe(2_592_000);
  });

  it('accepts ISO strings and treats future dates as now', () => {
    expect(formatRelativeTime('2030-06-12T12:00:00Z', NOW)).toBe('há 3 dias');
    expect(formatRelativeTime('2030-06-15T12:00:10Z', NOW, 'en')).toBe('0 seconds ago');
  });
});
