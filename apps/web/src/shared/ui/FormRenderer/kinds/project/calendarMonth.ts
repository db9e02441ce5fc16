/** Month-grid arithmetic of the project calendar, on `YYYY-MM-DD` day keys of the platform's time zone. */

const DAY_MS = 86_400_000;
/** A month grid is six weeks: every month fits, and the grid does not jump in height between months. */
export const GRID_DAYS = 42;

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo day (`YYYY-MM-DD`) of an instant: stored instants are UTC, the platform's days are not. */
export function saoPauloDay(instant: Date | string): string {
  return dayKeyFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** A month as year and zero-based month index. */
export interface YearMonth {
  year: number;
  month: number;
}

export function monthOf(day: string): YearMonth {
  const [year, month] = day.split('-').map(Number);
  return { year: year ?? 1970, month: (month ?? 1) - 1 };
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const total = year * 12 + month + delta;
  return { year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 };
}

/** Day keys are calendar dates: UTC midnight keeps the arithmetic free of time-zone shifts. */
function keyOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function timeOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The 42 days of the month's grid, weeks starting on Sunday (the Brazilian calendar's first weekday). */
export function monthGrid({ year, month }: YearMonth): string[] {
  const first = Date.UTC(year, month, 1);
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  return Array.from({ length: GRID_DAYS }, (_, index) => keyOf(start + index * DAY_MS));
}

/** Places each entry on every grid day from its date to its end date (a span), in the given order. */
export function entriesByDay<T extends { date: string; endDate?: string | undefined }>(
  entries: readonly T[],
  days: readonly string[],
): Map<string, T[]> {
  const byDay = new Map<string, T[]>(days.map((day) => [day, []]));
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  for (const entry of entries) {
    const start = saoPauloDay(entry.date);
    const end = entry.endDate ? saoPauloDay(entry.endDate) : start;
    const stop = Math.min(timeOf(end), timeOf(last));
    for (let time = Math.max(timeOf(start), timeOf(first)); time <= stop; time += DAY_MS)
      byDay.get(keyOf(time))?.push(entry);
  }
  return byDay;
}
