import type {
  BulkUpdateItemsBody,
  DeleteItemBody,
  ItemWriteResult,
  UpdateItemFieldBody,
} from '@der/contracts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { writableColumn } from '../projects/item-access.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import type { TransitionRequest } from '../workflow/item-transition.ts';
import { grantedComponentOrThrow, writableComponentOrThrow } from './application-grant.ts';
import { type CreateItemInput, createItem, createItems, type ItemActor } from './create-items.ts';
import { writeItemVersion } from './item-versions.ts';
import { type RuntimeItemRow, runtimeItems } from './items.table.ts';
import { type ItemSavedHook, saveItem } from './save-item.ts';

// The write side's entry points live here (the seed, tests, bench and Excel import import them from this file).
export { type CreateItemInput, createItem, createItems, type ItemActor };

export interface UpdateItemInput {
  itemId: number;
  componentId: number;
  /** The version the client holds: another one answers 409 ITEM_VERSION_CONFLICT and nothing is written. */
  version: number;
  changes: Record<string, unknown>;
  /** A workflow action run in the same save (engine/workflow/item-transition.ts). */
  transition?: TransitionRequest;
}

export function toWriteResult(row: RuntimeItemRow): ItemWriteResult {
  return {
    id: row.id,
    formattedId: row.formattedId,
    version: row.version,
    modifiedAt: row.modifiedAt.toISOString(),
  };
}

/**
 * Saves the changes of one item at the version the client holds, through the one save (save-item.ts), in a
 * savepoint of `db` when it is a transaction. Kept for the writers that hold an UpdateItemInput.
 */
export async function updateItem(
  db: Db,
  actor: ItemActor,
  input: UpdateItemInput,
  now: Date = new Date(),
  hooks: { onItemSaved?: ItemSavedHook | undefined } = {},
): Promise<RuntimeItemRow> {
  return db.transaction(
    async (tx) =>
      (
        await saveItem(
          tx,
          actor,
          {
            componentId: input.componentId,
            itemId: input.itemId,
            version: input.version,
            changes: input.changes,
            ...(input.transition ? { transition: input.transition } : {}),
          },
          { now, onItemSaved: hooks.onItemSaved },
        )
      ).row,
  );
}

export function createItemsService(deps: { db: Db; now: () => Date; onItemSaved?: ItemSavedHook }) {
  const { db } = deps;
  const hooks = { onItemSaved: deps.onItemSaved };
  return {
    createItem: (actor: ItemActor, input: CreateItemInput) => createItem(db, actor, input, deps.now()),

    createItems: (actor: ItemActor, inputs: CreateItemInput[]) => createItems(db, actor, inputs, deps.now()),

    updateItem: (actor: ItemActor, input: UpdateItemInput) => updateItem(db, actor, input, deps.now(), hooks),

    /** Spec §7.6 updateItemField: one field (in-grid editing). */
    async updateItemField(actor: ItemActor, input: UpdateItemFieldBody): Promise<ItemWriteResult> {
      const row = await updateItem(
        db,
        actor,
        {
          itemId: input.itemId,
          componentId: input.componentId,
          version: input.version,
          changes: { [input.field]: input.value ?? null },
        },
        deps.now(),
        hooks,
      );
      return toWriteResult(row);
    },

    /**
     * Spec §7.6 bulkUpdateItems: every item of the list in one transaction; the first refusal (validation
     * naming `items.<index>.<field>`, 404, 403, 409) rolls back all of them.
     */
    async bulkUpdateItems(
      actor: ItemActor,
      input: Pick<BulkUpdateItemsBody, 'component'> & {
        items: Array<{ id: number; version: number; changes: Record<string, unknown> }>;
      },
    ): Promise<ItemWriteResult[]> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const component = await writableComponentOrThrow(tx, actor, input.component);
        const results: ItemWriteResult[] = [];
        for (const [index, entry] of input.items.entries()) {
          const { row } = await saveItem(
            tx,
            actor,
            { componentId: component.id, itemId: entry.id, version: entry.version, changes: entry.changes },
            { now, component, prefix: `items.${index}.`, onItemSaved: deps.onItemSaved },
          );
          results.push(toWriteResult(row));
        }
        return results;
      });
    },

    /**
     * Spec §7.6 deleteItem (ids, componentId): all or nothing. Any id the actor may not see answers 404 (as an
     * unknown one), any they may not change 403; a project that still holds items 409. Each deletion leaves a
     * version row (action 'delete') holding the item as it was. Items of a removed component may be deleted.
     */
    async deleteItem(actor: ItemActor, input: DeleteItemBody): Promise<number[]> {
      const ids = [...new Set(input.ids)];
      const now = deps.now();
      return db.transaction(async (tx) => {
        // Items of a removed component may be deleted (active: false), of an ungranted application not.
        await grantedComponentOrThrow(tx, actor, input.componentId, { active: false });
        const rows = await tx
          .select({ item: runtimeItems, writable: writableColumn(actor) })
          .from(runtimeItems)
          .where(
            and(
              inArray(runtimeItems.id, ids),
              eq(runtimeItems.componentId, input.componentId),
              visibleItemCondition(actor),
            ),
          )
          .for('update', { of: runtimeItems });
        if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
        if (rows.some((row) => !row.writable)) throw new AppError('ITEM_EDIT_FORBIDDEN');
        const [inside] = await tx
          .select({ id: runtimeItems.id })
          .from(runtimeItems)
          .where(and(inArray(runtimeItems.projectId, ids), notInArray(runtimeItems.id, ids)))
          .limit(1);
        if (inside) throw new AppError('ITEM_PROJECT_NOT_EMPTY');

        for (const { item } of rows) {
          await writeItemVersion(tx, item, {
            action: 'delete',
            version: item.version + 1,
            changedBy: actor.userId,
            changedAt: now,
            changes: {},
          });
        }
        await tx.delete(runtimeItems).where(inArray(runtimeItems.id, ids));
        return ids;
      });
    },
  };
}
export type ItemsService = ReturnType<typeof createItemsService>;
