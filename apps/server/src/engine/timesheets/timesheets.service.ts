import type { Language } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { wallClockOf } from '../deadlines/zoned-time.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { fillAutomaticEntries } from './automatic-entries.ts';
import { loadItemTimesheet } from './item-timesheet.ts';
import { loadTimesheet } from './load-timesheet.ts';
import { closeMonth, loadMonthClosings, reopenMonth } from './month-closings.ts';
import { saveTimesheet } from './save-timesheet.ts';
import { loadTimesheetList } from './timesheet-list.ts';

type Actor = ItemViewer & { language: Language; ip?: string };
type Range = { applicationId: number; from: string; to: string };

/**
 * Time entry (issue 19): a user's timesheet and its saves, automatic notes, the supervisors' list, and the
 * closing and reopening of months. Days are São Paulo days.
 */
export function createTimesheetsService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db, audit } = deps;
  const today = () => wallClockOf(deps.now(), 'America/Sao_Paulo').day;
  return {
    loadTimesheet: (actor: Actor, query: Range & { userId?: number | undefined }) =>
      loadTimesheet(db, actor, query),
    saveTimesheet: (actor: Actor, body: Parameters<typeof saveTimesheet>[2]) =>
      saveTimesheet(db, actor, body),
    fillAutomaticEntries: (actor: Actor, body: Range) => fillAutomaticEntries(db, actor, body, today()),
    loadItemTimesheet: (actor: Actor, query: { itemId: number }) =>
      loadItemTimesheet(db, actor, query.itemId),
    loadTimesheetList: (actor: Actor, query: Parameters<typeof loadTimesheetList>[2]) =>
      loadTimesheetList(db, actor, query),
    loadMonthClosings: (actor: Actor, query: { applicationId: number }) =>
      loadMonthClosings(db, actor, query),
    closeMonth: (actor: Actor, body: Parameters<typeof closeMonth>[3]) =>
      closeMonth(db, audit, actor, body, today()),
    reopenMonth: (actor: Actor, body: Parameters<typeof reopenMonth>[3]) =>
      reopenMonth(db, audit, actor, body),
  };
}
export type TimesheetsService = ReturnType<typeof createTimesheetsService>;
