import type { ComponentDefinition } from '@der/contracts';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { fieldValueExpression } from '../items/field-expression.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';

/** Items moved per transaction: a backlog (the server down for days) is worked off in short ones. */
export const DATED_TRANSITION_BATCH_ROWS = 50;

/** An action a daily job runs on every item of `statuses` whose `dateField` is before the boundary. */
export interface DatedTransition {
  action: string;
  statuses: readonly string[];
  dateField: string;
}

/**
 * Runs `transition.action` as `actor`, through the one write path (history, notifications), on each item of the
 * component in one of its statuses whose date is before `boundary` (an ISO instant). Idempotent — a moved item is
 * no longer a candidate — and resumable: each batch commits on its own, its rows locked with SKIP LOCKED so
 * instances on one database share the work and none moves an item twice. Answers how many moved; nothing when
 * the component lacks the action or the field.
 */
export async function runDatedTransition(
  db: Db,
  component: ComponentDefinition,
  transition: DatedTransition,
  options: { actor: ItemActor; boundary: string; now: Date },
): Promise<number> {
  const dateField = component.fields.find((field) => field.key === transition.dateField);
  if (!dateField || !component.workflow?.actions.some((action) => action.key === transition.action)) return 0;
  let moved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(runtimeItems)
        .where(
          and(
            eq(runtimeItems.componentId, component.id),
            inArray(runtimeItems.status, [...transition.statuses]),
            lt(fieldValueExpression(dateField), options.boundary),
          ),
        )
        .orderBy(asc(runtimeItems.id))
        .limit(DATED_TRANSITION_BATCH_ROWS)
        .for('update', { skipLocked: true });
      for (const item of due)
        await saveItem(
          tx,
          options.actor,
          {
            componentId: component.id,
            itemId: item.id,
            changes: {},
            transition: { action: transition.action },
          },
          { now: options.now, component },
        );
      return due.length;
    });
    moved += batch;
    if (batch < DATED_TRANSITION_BATCH_ROWS) return moved;
  }
}
