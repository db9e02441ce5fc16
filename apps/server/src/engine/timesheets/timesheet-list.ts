import type { Language, TimesheetList } from '@der/contracts';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { workingMinutesOn } from '../deadlines/working-time.ts';
import { daysBetween } from '../deadlines/zoned-time.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { resources } from '../resources/resources.table.ts';
import { loadUserWorkCalendar } from '../work-calendars/load-work-calendar.ts';
import { timesheetEntries } from './timesheets.table.ts';

/** The people whose timesheets the viewer supervises: all for administrators, else their resources. */
function supervisedPeople(db: Db, viewer: ItemViewer, userId: number | undefined) {
  return db
    .select({
      userId: users.id,
      userName: users.name,
      resourceId: resources.id,
      calendarId: resources.calendarId,
    })
    .from(resources)
    .innerJoin(users, eq(users.id, resources.userId))
    .where(
      and(
        eq(resources.kind, 'user'),
        eq(resources.active, true),
        viewer.isAdministrator ? undefined : eq(resources.supervisorId, viewer.userId),
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .orderBy(asc(users.name));
}

/**
 * Spec §2.9 timesheetList: the timesheets of the resources the viewer supervises (every person resource for
 * administrators) over a range — minutes per day against what each one's calendar expects, and the contracted
 * days left without an entry — filtered by person or project. Others' item titles are not answered here.
 */
export async function loadTimesheetList(
  db: Db,
  viewer: ItemViewer & { language: Language },
  query: { from: string; to: string; userId?: number | undefined; projectId?: number | undefined },
): Promise<TimesheetList> {
  const days = daysBetween(query.from, query.to);
  const people = await supervisedPeople(db, viewer, query.userId);
  if (people.length === 0) return { days, rows: [], projects: [] };
  const userIds = people.map((person) => person.userId);
  const inRange = and(
    inArray(timesheetEntries.userId, userIds),
    gte(timesheetEntries.day, query.from),
    lte(timesheetEntries.day, query.to),
  );
  const [perDay, projects] = await Promise.all([
    db
      .select({
        userId: timesheetEntries.userId,
        day: timesheetEntries.day,
        minutes: sql<number>`sum(${timesheetEntries.minutes})::int`,
      })
      .from(timesheetEntries)
      .where(
        and(
          inRange,
          query.projectId === undefined ? undefined : eq(timesheetEntries.projectId, query.projectId),
        ),
      )
      .groupBy(timesheetEntries.userId, timesheetEntries.day),
    db
      .selectDistinct({ id: runtimeItems.id, title: runtimeItems.title })
      .from(timesheetEntries)
      .innerJoin(runtimeItems, eq(runtimeItems.id, timesheetEntries.projectId))
      .where(and(inRange, visibleItemCondition(viewer)))
      .orderBy(asc(runtimeItems.title)),
  ]);
  const minutesOf = new Map(perDay.map((row) => [`${row.userId}:${row.day}`, row.minutes]));
  const rows = await Promise.all(
    people.map(async (person) => {
      const calendar = await loadUserWorkCalendar(db, {
        userId: person.userId,
        resourceCalendarId: person.calendarId,
      });
      const entered = days.map((day) => minutesOf.get(`${person.userId}:${day}`) ?? 0);
      const expected = days.map((day) => workingMinutesOn(calendar, day));
      return {
        userId: person.userId,
        userName: person.userName,
        resourceId: person.resourceId,
        expectedMinutes: expected.reduce((total, minutes) => total + minutes, 0),
        enteredMinutes: entered.reduce((total, minutes) => total + minutes, 0),
        perDay: entered,
        missingDays: days.filter((_, index) => (expected[index] as number) > 0 && entered[index] === 0)
          .length,
      };
    }),
  );
  return { days, rows, projects };
}
