import type { WorkCalendarChoice, WorkCalendarHoliday, WorkCalendarRow, WorkPeriod } from '@der/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { resources } from '../resources/resources.table.ts';
import { workCalendarHolidays, workCalendarPeriods, workCalendars } from './work-calendars.table.ts';

export type WorkCalendarTableRow = typeof workCalendars.$inferSelect;

/** What a save writes besides the periods and holidays. */
export interface WorkCalendarFields {
  name: string;
  timeZone: string;
  nationalHolidays: boolean;
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Escapes LIKE's wildcards so a typed '%' or '_' matches itself. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The only file of the working calendars that touches Drizzle. */
export function createWorkCalendarsRepo() {
  return {
    async listRows(db: Db): Promise<WorkCalendarRow[]> {
      const [rows, periods] = await Promise.all([
        db
          .select({
            id: workCalendars.id,
            name: workCalendars.name,
            timeZone: workCalendars.timeZone,
            nationalHolidays: workCalendars.nationalHolidays,
            holidayCount: sql<number>`(select count(*) from ${workCalendarHolidays}
              where ${workCalendarHolidays.calendarId} = ${workCalendars.id})::int`,
          })
          .from(workCalendars)
          .orderBy(asc(sql`lower(${workCalendars.name})`)),
        db
          .select({
            calendarId: workCalendarPeriods.calendarId,
            start: workCalendarPeriods.start,
            end: workCalendarPeriods.end,
          })
          .from(workCalendarPeriods),
      ]);
      const weeklyMinutes = new Map<number, number>();
      for (const period of periods)
        weeklyMinutes.set(
          period.calendarId,
          (weeklyMinutes.get(period.calendarId) ?? 0) + minuteOf(period.end) - minuteOf(period.start),
        );
      return rows.map((row) => ({ ...row, weeklyHours: (weeklyMinutes.get(row.id) ?? 0) / 60 }));
    },

    async listChoices(
      db: Db,
      lookup: { search?: string | undefined; ids?: number[] | undefined; limit: number },
    ): Promise<WorkCalendarChoice[]> {
      const conditions: SQL[] = [];
      if (lookup.ids) conditions.push(inArray(workCalendars.id, lookup.ids.length > 0 ? lookup.ids : [0]));
      if (lookup.search) conditions.push(ilike(workCalendars.name, likeText(lookup.search)));
      return db
        .select({ id: workCalendars.id, name: workCalendars.name })
        .from(workCalendars)
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${workCalendars.name})`))
        .limit(lookup.limit);
    },

    async find(db: Db, id: number, forUpdate = false): Promise<WorkCalendarTableRow | null> {
      const query = db.select().from(workCalendars).where(eq(workCalendars.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async findMany(db: Db, ids: number[]): Promise<WorkCalendarTableRow[]> {
      return db
        .select()
        .from(workCalendars)
        .where(inArray(workCalendars.id, ids))
        .orderBy(asc(workCalendars.id))
        .for('update');
    },

    async periodsOf(db: Db, id: number): Promise<WorkPeriod[]> {
      return db
        .select({
          weekday: workCalendarPeriods.weekday,
          start: workCalendarPeriods.start,
          end: workCalendarPeriods.end,
        })
        .from(workCalendarPeriods)
        .where(eq(workCalendarPeriods.calendarId, id))
        .orderBy(asc(workCalendarPeriods.weekday), asc(workCalendarPeriods.start));
    },

    async holidaysOf(db: Db, id: number): Promise<WorkCalendarHoliday[]> {
      const rows = await db
        .select({
          day: workCalendarHolidays.day,
          name: workCalendarHolidays.name,
          scope: workCalendarHolidays.scope,
          recurring: workCalendarHolidays.recurring,
        })
        .from(workCalendarHolidays)
        .where(eq(workCalendarHolidays.calendarId, id))
        .orderBy(asc(workCalendarHolidays.day));
      return rows as WorkCalendarHoliday[];
    },

    /** Whether another calendar has this name, whatever the case. */
    async nameTaken(db: Db, name: string, exceptId: number): Promise<boolean> {
      const [clash] = await db
        .select({ id: workCalendars.id })
        .from(workCalendars)
        .where(and(sql`lower(${workCalendars.name}) = lower(${name})`, ne(workCalendars.id, exceptId)))
        .limit(1);
      return clash !== undefined;
    },

    async insert(db: Db, fields: WorkCalendarFields): Promise<{ id: number; version: number }> {
      const [created] = await db
        .insert(workCalendars)
        .values(fields)
        .returning({ id: workCalendars.id, version: workCalendars.version });
      return created!;
    },

    async update(db: Db, id: number, fields: WorkCalendarFields, now: Date) {
      const [updated] = await db
        .update(workCalendars)
        .set({ ...fields, version: sql`${workCalendars.version} + 1`, modifiedAt: now })
        .where(eq(workCalendars.id, id))
        .returning({ id: workCalendars.id, version: workCalendars.version });
      return updated!;
    },

    /** Replaces the periods and holidays of a calendar with these. */
    async replaceDays(
      db: Db,
      id: number,
      periods: readonly WorkPeriod[],
      holidays: readonly WorkCalendarHoliday[],
    ): Promise<void> {
      await db.delete(workCalendarPeriods).where(eq(workCalendarPeriods.calendarId, id));
      await db.delete(workCalendarHolidays).where(eq(workCalendarHolidays.calendarId, id));
      if (periods.length > 0)
        await db.insert(workCalendarPeriods).values(periods.map((period) => ({ ...period, calendarId: id })));
      if (holidays.length > 0)
        await db
          .insert(workCalendarHolidays)
          .values(holidays.map((holiday) => ({ ...holiday, calendarId: id })));
    },

    async delete(db: Db, id: number): Promise<void> {
      await db.delete(workCalendars).where(eq(workCalendars.id, id));
    },

    /** How many resources name the calendar. */
    async resourcesUsing(db: Db, id: number): Promise<number> {
      const [row] = await db.select({ count: count() }).from(resources).where(eq(resources.calendarId, id));
      return row?.count ?? 0;
    },

    /**
     * How many items (projects) hold the calendar in a CALENDAR field of a current component (one id or an id
     * list: jsonb `@>` matches both).
     */
    async itemsUsing(db: Db, id: number): Promise<number> {
      const components = await db
        .select({ id: runtimeComponents.id, definition: runtimeComponents.definition })
        .from(runtimeComponents)
        .where(isNull(runtimeComponents.removedAt));
      const holds: SQL[] = components.flatMap((component) =>
        component.definition.fields
          .filter((field) => field.type === 'CALENDAR')
          .map(
            (field) =>
              sql`(${runtimeItems.componentId} = ${component.id} and ${runtimeItems.data} -> ${field.key} @> to_jsonb(${id}::int))`,
          ),
      );
      if (holds.length === 0) return 0;
      const [row] = await db.select({ count: count() }).from(runtimeItems).where(sql.join(holds, sql` or `));
      return row?.count ?? 0;
    },
  };
}
export type WorkCalendarsRepo = ReturnType<typeof createWorkCalendarsRepo>;
