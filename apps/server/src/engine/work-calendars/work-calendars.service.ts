import type {
  Language,
  NationalHoliday,
  SaveWorkCalendarBodySchema,
  WorkCalendarChoice,
  WorkCalendarRecord,
  WorkCalendarRow,
} from '@der/contracts';
import type { z } from 'zod';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import type { AdminContext } from '../../modules/admin-users/admin-context.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { diffFields } from '../../modules/audit/field-diff.ts';
import { nationalHolidaysOf } from './national-holidays.ts';
import type { WorkCalendarsRepo } from './work-calendars.repo.ts';

type SaveWorkCalendarInput = z.output<typeof SaveWorkCalendarBodySchema>;

const duplicateName = () =>
  new AppError('VALIDATION_FAILED', [{ field: 'body.name', message: 'workCalendarDuplicateName' }]);

/** The periods and holidays in one order, so that the audit trail compares them as values. */
function sortedDays(calendar: Pick<WorkCalendarRecord, 'workPeriods' | 'holidays'>) {
  return {
    workPeriods: [...calendar.workPeriods]
      .map(({ weekday, start, end }) => ({ weekday, start, end }))
      .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)),
    holidays: [...calendar.holidays]
      .map(({ day, name, scope, recurring }) => ({ day, name, scope, recurring }))
      .sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/**
 * Named working calendars (administration): their periods of work and holidays. The body arrives checked by
 * the contract (times, overlaps, dates, scopes, time zone); the name's uniqueness and the version are checked
 * here, and every change is audited.
 */
export function createWorkCalendarsService(deps: {
  db: Db;
  repo: WorkCalendarsRepo;
  audit: AuditService;
  now: () => Date;
}) {
  const { db, repo } = deps;

  async function getOrThrow(tx: Db, id: number): Promise<WorkCalendarRecord> {
    const calendar = await repo.find(tx, id);
    if (!calendar) throw new AppError('NOT_FOUND');
    const [workPeriods, holidays] = await Promise.all([repo.periodsOf(tx, id), repo.holidaysOf(tx, id)]);
    return {
      id: calendar.id,
      name: calendar.name,
      timeZone: calendar.timeZone,
      nationalHolidays: calendar.nationalHolidays,
      workPeriods,
      holidays,
      version: calendar.version,
    };
  }

  return {
    listWorkCalendars(): Promise<WorkCalendarRow[]> {
      return repo.listRows(db);
    },

    listChoices(lookup: {
      search?: string | undefined;
      ids?: number[] | undefined;
      limit: number;
    }): Promise<{ calendars: WorkCalendarChoice[] }> {
      return repo.listChoices(db, lookup).then((calendars) => ({ calendars }));
    },

    getWorkCalendar(id: number): Promise<WorkCalendarRecord> {
      return getOrThrow(db, id);
    },

    nationalHolidays(year: number, language: Language): NationalHoliday[] {
      return nationalHolidaysOf(year, language);
    },

    async saveWorkCalendar(input: SaveWorkCalendarInput, ctx: AdminContext) {
      const fields = { name: input.name, timeZone: input.timeZone, nationalHolidays: input.nationalHolidays };
      const days = sortedDays(input);
      try {
        const saved = await db.transaction(async (tx) => {
          if (await repo.nameTaken(tx, input.name, input.id)) throw duplicateName();
          if (input.id === 0) {
            const created = await repo.insert(tx, fields);
            await repo.replaceDays(tx, created.id, days.workPeriods, days.holidays);
            await deps.audit.append(tx, {
              action: 'admin.workCalendar.created',
              actorUserId: ctx.actorUserId,
              ip: ctx.ip,
              target: `workCalendar:${created.id}`,
              details: diffFields({}, { ...fields, ...days }),
            });
            return created;
          }
          const current = await repo.find(tx, input.id, true);
          if (!current) throw new AppError('NOT_FOUND');
          if (current.version !== input.version) throw new AppError('CONFLICT');
          const before = sortedDays({
            workPeriods: await repo.periodsOf(tx, current.id),
            holidays: await repo.holidaysOf(tx, current.id),
          });
          const updated = await repo.update(tx, current.id, fields, deps.now());
          await repo.replaceDays(tx, current.id, days.workPeriods, days.holidays);
          await deps.audit.append(tx, {
            action: 'admin.workCalendar.updated',
            actorUserId: ctx.actorUserId,
            ip: ctx.ip,
            target: `workCalendar:${current.id}`,
            details: diffFields(
              {
                name: current.name,
                timeZone: current.timeZone,
                nationalHolidays: current.nationalHolidays,
                ...before,
              },
              { ...fields, ...days },
            ),
          });
          return updated;
        });
        return {
          success: true as const,
          message: translateInfo('adminWorkCalendarSaved', ctx.language),
          ...saved,
        };
      } catch (error) {
        // Two administrators creating the same name at once: the unique index decides.
        if (uniqueViolation(error) === 'work_calendars_name_unique') throw duplicateName();
        throw error;
      }
    },

    /**
     * Refused (409, nothing deleted) while a resource or a project names one of them: the foreign key would
     * quietly drop a resource's calendar, and a project would keep the id of a calendar that is gone — both
     * would then count deadlines and expected hours on the default calendar without anyone choosing it.
     */
    async deleteWorkCalendars(ids: number[], ctx: AdminContext) {
      await db.transaction(async (tx) => {
        const found = await repo.findMany(tx, [...new Set(ids)]);
        for (const calendar of found) {
          const [resourceCount, projectCount] = [
            await repo.resourcesUsing(tx, calendar.id),
            await repo.itemsUsing(tx, calendar.id),
          ];
          if (resourceCount + projectCount > 0)
            throw errorWithParams('WORK_CALENDAR_IN_USE', {
              name: calendar.name,
              resources: String(resourceCount),
              projects: String(projectCount),
            });
          const before = sortedDays({
            workPeriods: await repo.periodsOf(tx, calendar.id),
            holidays: await repo.holidaysOf(tx, calendar.id),
          });
          await repo.delete(tx, calendar.id);
          await deps.audit.append(tx, {
            action: 'admin.workCalendar.deleted',
            actorUserId: ctx.actorUserId,
            ip: ctx.ip,
            target: `workCalendar:${calendar.id}`,
            details: diffFields(
              {
                name: calendar.name,
                timeZone: calendar.timeZone,
                nationalHolidays: calendar.nationalHolidays,
                ...before,
              },
              { name: null, timeZone: null, nationalHolidays: null, workPeriods: null, holidays: null },
            ),
          });
        }
      });
      return { success: true as const, message: translateInfo('adminWorkCalendarsRemoved', ctx.language) };
    },
  };
}
export type WorkCalendarsService = ReturnType<typeof createWorkCalendarsService>;
