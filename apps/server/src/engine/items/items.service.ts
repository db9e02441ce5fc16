import type {
  BulkUpdateItemsBody,
  ComponentDefinition,
  DeleteItemBody,
  FieldDefinition,
  ItemWriteResult,
  UpdateItemFieldBody,
} from '@der/contracts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { findComponent } from '../definitions/components.repo.ts';
import { writableColumn } from '../projects/item-access.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { checkTransition, type TransitionRequest } from '../workflow/item-transition.ts';
import {
  activeComponentOrThrow,
  type CreateItemInput,
  createItem,
  createItems,
  type ItemActor,
} from './create-items.ts';
import { type CheckedChanges, checkChanges, validationError } from './item-changes.ts';
import { invalidReferenceFields } from './item-references.ts';
import { applyDataChanges, diffItem, writeItemVersion } from './item-versions.ts';
import { type ItemData, type RuntimeItemRow, runtimeItems } from './items.table.ts';
import { versionConflictError } from './version-conflict.ts';

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

async function assertReferencesValid(
  tx: Db,
  actor: ItemActor,
  fields: Parameters<typeof invalidReferenceFields>[2],
  prefix: string,
): Promise<void> {
  const invalid = await invalidReferenceFields(tx, actor, fields);
  if (invalid.length > 0)
    throw validationError(
      invalid.map((field) => ({ field: field.key, message: 'invalidValue' })),
      actor.language,
      prefix,
    );
}

/** The changes checked against the definition (400 naming `prefix` + each refused key). */
function assertChangesValid(
  component: ComponentDefinition,
  changes: Record<string, unknown>,
  actor: ItemActor,
  prefix: string,
) {
  const checked = checkChanges(component, changes, 'update');
  if (checked.issues.length > 0) throw validationError(checked.issues, actor.language, prefix);
  return checked;
}

/** Reference kinds whose values an item may keep once chosen, though no longer valid as a new choice. */
const KEPT_ONCE_HELD = new Set<FieldDefinition['type']>(['BINARY', 'ORGANIZATIONAL_STRUCTURE']);

/**
 * The values whose references a save must check: of files and organisational units only the ones the item does
 * not hold yet (a new file must be the actor's own upload, a new unit an active one); the ones it has stay
 * without a lookup — its files, a unit deactivated since it was chosen.
 */
function newReferences(item: RuntimeItemRow, fields: CheckedChanges['fields']): CheckedChanges['fields'] {
  return fields.map((entry) => {
    if (!KEPT_ONCE_HELD.has(entry.field.type) || entry.value === null) return entry;
    const stored = item.data[entry.field.key];
    const held = new Set(Array.isArray(stored) ? stored : stored === undefined ? [] : [stored]);
    if (Array.isArray(entry.value)) return { ...entry, value: entry.value.filter((id) => !held.has(id)) };
    return held.has(entry.value) ? { ...entry, value: null } : entry;
  });
}

/**
 * One item's update inside the caller's transaction: the item is locked, its access and version checked, and
 * the changed values written with a version row. Issues name `prefix` + the field key.
 */
async function applyUpdate(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  input: UpdateItemInput,
  now: Date,
  prefix: string,
): Promise<RuntimeItemRow> {
  // Checked before the lock, unless an action runs: its status's onEnter values join the changes.
  const prechecked = input.transition ? null : assertChangesValid(component, input.changes, actor, prefix);

  const [current] = await tx
    .select({ item: runtimeItems, writable: writableColumn(actor) })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, input.itemId),
        eq(runtimeItems.componentId, component.id),
        visibleItemCondition(actor),
      ),
    )
    .for('update', { of: runtimeItems });
  // Not visible and not existing answer alike: the id tells nothing.
  if (!current) throw new AppError('NOT_FOUND');
  if (!current.writable) throw new AppError('ITEM_EDIT_FORBIDDEN');
  const item = current.item;
  if (item.version !== input.version) throw await versionConflictError(tx, item, actor.language);
  const transition = input.transition
    ? await checkTransition(tx, actor, component, item, input.transition, now)
    : null;
  const checked =
    prechecked ??
    assertChangesValid(component, { ...input.changes, ...transition?.setFields }, actor, prefix);
  await assertReferencesValid(tx, actor, newReferences(item, checked.fields), prefix);

  const after = {
    data: applyDataChanges(item.data, checked.data),
    title: checked.title ?? item.title,
    position: checked.position ?? item.position,
  };
  const changes = diffItem(item, after);
  const status = transition?.to ?? item.status;
  const reason = transition ? transition.reason : item.reason;
  if (status !== item.status) changes.StatusName = { from: item.status, to: status };
  if (reason !== item.reason) changes.Reason = { from: item.reason, to: reason };
  // Nothing differs: no new version (the client's version stays current).
  if (Object.keys(changes).length === 0) return item;

  const [updated] = await tx
    .update(runtimeItems)
    .set({
      data: after.data as ItemData,
      title: after.title,
      position: after.position,
      status,
      reason,
      modifierId: actor.userId,
      modifiedAt: now,
      version: item.version + 1,
    })
    .where(and(eq(runtimeItems.id, item.id), eq(runtimeItems.version, item.version)))
    .returning();
  await writeItemVersion(tx, updated!, {
    action: 'update',
    version: updated!.version,
    changedBy: actor.userId,
    changedAt: now,
    changes,
  });
  return updated!;
}

/** Saves the changes of one item at the version the client holds (one transaction). */
export async function updateItem(
  db: Db,
  actor: ItemActor,
  input: UpdateItemInput,
  now: Date = new Date(),
): Promise<RuntimeItemRow> {
  return db.transaction(async (tx) => {
    const component = await activeComponentOrThrow(tx, input.componentId);
    return applyUpdate(tx, actor, component, input, now, '');
  });
}

export function createItemsService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return {
    createItem: (actor: ItemActor, input: CreateItemInput) => createItem(db, actor, input, deps.now()),

    createItems: (actor: ItemActor, inputs: CreateItemInput[]) => createItems(db, actor, inputs, deps.now()),

    updateItem: (actor: ItemActor, input: UpdateItemInput) => updateItem(db, actor, input, deps.now()),

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
        const component = await activeComponentOrThrow(tx, input.component);
        const results: ItemWriteResult[] = [];
        for (const [index, entry] of input.items.entries()) {
          const row = await applyUpdate(
            tx,
            actor,
            component,
            { itemId: entry.id, componentId: component.id, version: entry.version, changes: entry.changes },
            now,
            `items.${index}.`,
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
        if (!(await findComponent(tx, input.componentId))) throw new AppError('NOT_FOUND');
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
