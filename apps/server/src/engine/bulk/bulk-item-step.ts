import type { BulkOperation, ComponentDefinition, Language } from '@der/contracts';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { isAppError, messageParamsOf } from '../../infra/http/app-error.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { LockedItem } from '../items/locked-item.ts';
import { type ItemSavedHook, type SavedItem, saveItem } from '../items/save-item.ts';
import { writeRefusalsOf } from '../items/save-refusals.ts';
import type { ItemWorkCalendars } from '../work-calendars/item-work-calendars.ts';

/**
 * One item of a bulk job through the one write path, inside the caller's transaction: the workflow action
 * (the per-item step of triggerAction: the item's current version, the job's reason and responsible) or the
 * field values. Rules, permissions and the transition's checks apply to each item as to a form's save.
 * `locked`: the item as its chunk read and locked it (bulk-chunk-locks.ts), when it did.
 */
export function runBulkItem(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  operation: BulkOperation,
  itemId: number,
  context: {
    now: Date;
    onItemSaved?: ItemSavedHook | undefined;
    locked?: LockedItem | undefined;
    /** One per chunk: each project's calendar is read once for its items' deadlines. */
    workCalendars?: ItemWorkCalendars | undefined;
  },
): Promise<SavedItem> {
  const base = { componentId: component.id, itemId };
  const saveContext = {
    now: context.now,
    component,
    onItemSaved: context.onItemSaved,
    locked: context.locked,
    workCalendars: context.workCalendars,
  };
  if (operation.kind === 'update')
    return saveItem(tx, actor, { ...base, changes: operation.changes }, saveContext);
  return saveItem(
    tx,
    actor,
    {
      ...base,
      changes: {},
      transition: {
        action: operation.action,
        reason: operation.reason ?? null,
        responsibleId: operation.responsibleId ?? null,
      },
    },
    saveContext,
  );
}

/** Why an item was not written, as the job keeps it. */
export interface BulkItemFailure {
  field: string | null;
  code: string;
  message: string;
  /** Not a refusal of the write path: a fault worth the log. */
  unexpected: boolean;
}

/**
 * A failed item's error as data: the write path's refusals (field, code, translated text; several joined),
 * any other AppError by its code and translated message (404 not visible, 403, 409), else a generic text.
 */
export function bulkItemFailureOf(error: unknown, language: Language): BulkItemFailure {
  const refusals = writeRefusalsOf(error, null);
  if (refusals && refusals.length > 0) {
    return {
      field: refusals[0]!.field,
      code: refusals[0]!.code,
      message: refusals.map((refusal) => refusal.message).join('; '),
      unexpected: false,
    };
  }
  if (isAppError(error) && error.statusCode < 500) {
    return {
      field: 'itemId',
      code: error.code,
      message: translateError(error.code, language, messageParamsOf(error) ?? {}),
      unexpected: false,
    };
  }
  return {
    field: null,
    code: 'INTERNAL_ERROR',
    message: translateError('INTERNAL_ERROR', language),
    unexpected: true,
  };
}
