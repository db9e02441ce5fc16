import type { ItemWriteResult, Language, MoveCalendarEntryBodySchema } from '@der/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition } from '../items/application-grant.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { type ItemsService, toWriteResult } from '../items/items.service.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { isMovable, loadAppCalendar, type ResolvedCalendarView } from './app-calendar.ts';

type MoveBody = z.output<typeof MoveCalendarEntryBodySchema>;

const NOT_MOVABLE = {
  'pt-BR': 'As datas desta agenda são do sistema e não podem ser alteradas',
  en: "This calendar's dates are the system's and cannot be changed",
} as const satisfies Record<Language, string>;

/**
 * The calendar view `viewId` among the viewer's granted applications (view ids are unique across the platform:
 * definition-uniqueness.ts), 404 otherwise — an ungranted view tells nothing.
 */
async function grantedView(db: Db, viewer: ItemViewer, viewId: number): Promise<ResolvedCalendarView> {
  const [row] = await db
    .select({ definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(
      and(
        isNull(runtimeComponents.removedAt),
        sql`${runtimeComponents.definition} -> 'calendarViews' @> ${JSON.stringify([{ id: viewId }])}::jsonb`,
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    )
    .limit(1);
  const view = row?.definition.calendarViews.find((candidate) => candidate.id === viewId);
  if (!row || !view) throw new AppError('NOT_FOUND');
  return { component: row.definition, view };
}

/**
 * The application calendar (spec §2.9): its entries, and a move — the view's date fields written through the
 * one save at the version the page holds, so field permissions, read-only rules, validations and the workflow's
 * field access refuse a move exactly as they refuse the form.
 */
export function createCalendarService(deps: { db: Db; items: ItemsService }) {
  const { db, items } = deps;
  return {
    loadAppCalendar: (viewer: ItemActor, query: { applicationId: number; from: string; to: string }) =>
      loadAppCalendar(db, viewer, query),

    async moveEntry(actor: ItemActor, body: MoveBody): Promise<ItemWriteResult> {
      const resolved = await grantedView(db, actor, body.viewId);
      if (!isMovable(resolved))
        throw new AppError('VALIDATION_FAILED', [
          { field: resolved.view.startField, message: NOT_MOVABLE[actor.language] },
        ]);
      const { component, view } = resolved;
      const changes: Record<string, unknown> = { [view.startField]: new Date(body.start).toISOString() };
      if (view.endField && body.end !== undefined)
        changes[view.endField] = body.end === null ? null : new Date(body.end).toISOString();
      const row = await items.updateItem(actor, {
        componentId: component.id,
        itemId: body.itemId,
        version: body.version,
        changes,
      });
      return toWriteResult(row);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
