import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { workCalendarHolidays, workCalendarPeriods, workCalendars } from './work-calendars.table.ts';

/** The demo calendar the first works project counts its deadlines on (demo-projects.data.ts names it). */
export const DEMO_WORK_CALENDAR = 'Expediente DER-SP';

/**
 * The department's office hours (Monday to Friday 08:00–12:00 and 13:00–18:00, São Paulo) with the days the
 * demo's state and capital add to the national holidays — the demo's roads and regional offices are São
 * Paulo's: 9 July (state), 25 January (the capital's anniversary) and the civil servants' day, an optional one.
 */
const DEMO_HOLIDAYS = [
  { day: '2024-07-09', name: 'Revolução Constitucionalista de 1932', scope: 'estadual', recurring: true },
  { day: '2024-01-25', name: 'Aniversário da cidade de São Paulo', scope: 'municipal', recurring: true },
  { day: '2024-10-28', name: 'Dia do Servidor Público', scope: 'facultativo', recurring: true },
] as const;

const OFFICE_HOURS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '08:00', end: '12:00' },
  { weekday, start: '13:00', end: '18:00' },
]);

/**
 * Demo step (before the runtime items, whose first works project names it): the demo calendar. Idempotent: a
 * calendar of that name already there is kept as it is.
 */
export async function seedDemoWorkCalendars(tx: Db): Promise<void> {
  const [created] = await tx
    .insert(workCalendars)
    .values({ name: DEMO_WORK_CALENDAR, timeZone: 'America/Sao_Paulo', nationalHolidays: true })
    .onConflictDoNothing()
    .returning({ id: workCalendars.id });
  if (!created) return;
  await tx
    .insert(workCalendarPeriods)
    .values(OFFICE_HOURS.map((period) => ({ ...period, calendarId: created.id })));
  await tx
    .insert(workCalendarHolidays)
    .values(DEMO_HOLIDAYS.map((holiday) => ({ ...holiday, calendarId: created.id })));
}

/** The ids of the calendars with these names (demo projects name their calendar). */
export async function workCalendarIdsByName(tx: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await tx
    .select({ id: workCalendars.id, name: workCalendars.name })
    .from(workCalendars)
    .where(inArray(workCalendars.name, [...names]));
  return new Map(rows.map((row) => [row.name, row.id]));
}
