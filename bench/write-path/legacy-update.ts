import type { ComponentDefinition, FieldDefinition } from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { ItemActor } from '../../apps/server/src/engine/items/create-items.ts';
import { checkChanges, validationError } from '../../apps/server/src/engine/items/item-changes.ts';
import { invalidReferenceFields } from '../../apps/server/src/engine/items/item-references.ts';
import {
  applyDataChanges,
  diffItem,
  writeItemVersion,
} from '../../apps/server/src/engine/items/item-versions.ts';
import {
  type ItemData,
  type RuntimeItemRow,
  runtimeItems,
} from '../../apps/server/src/engine/items/items.table.ts';
import { versionConflictError } from '../../apps/server/src/engine/items/version-conflict.ts';
import { writableColumn } from '../../apps/server/src/engine/projects/item-access.ts';
import { visibleItemCondition } from '../../apps/server/src/engine/query/item-visibility.ts';
import type { Db } from '../../apps/server/src/infra/db/database.ts';
import { AppError } from '../../apps/server/src/infra/http/app-error.ts';

/**
 * updateItemField's update as it was before issue 15 (items.service.ts at a080517: applyUpdate without a
 * transition), frozen here only so that bench/write-path/run.ts can time it against the one write path in the
 * same run. It skips the application grant, the field permissions and the component's rules — the steps whose
 * absence was the bug; nothing in the product calls it.
 */
const KEPT_ONCE_HELD = new Set<FieldDefinition['type']>(['BINARY', 'ORGANIZATIONAL_STRUCTURE']);

export async function legacyUpdateItemField(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  input: { itemId: number; version: number; changes: Record<string, unknown> },
  now: Date,
): Promise<RuntimeItemRow> {
  const checked = checkChanges(component, input.changes, 'update');
  if (checked.issues.length > 0) throw validationError(checked.issues, actor.language);
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
  if (!current) throw new AppError('NOT_FOUND');
  if (!current.writable) throw new AppError('ITEM_EDIT_FORBIDDEN');
  const item = current.item;
  if (item.version !== input.version) throw await versionConflictError(tx, item, actor.language);
  const references = checked.fields.map((entry) => {
    if (!KEPT_ONCE_HELD.has(entry.field.type) || entry.value === null) return entry;
    const stored = item.data[entry.field.key];
    const held = new Set(Array.isArray(stored) ? stored : stored === undefined ? [] : [stored]);
    if (Array.isArray(entry.value)) return { ...entry, value: entry.value.filter((id) => !held.has(id)) };
    return held.has(entry.value) ? { ...entry, value: null } : entry;
  });
  const invalid = await invalidReferenceFields(tx, actor, references);
  if (invalid.length > 0)
    throw validationError(
      invalid.map((field) => ({ field: field.key, message: 'invalidValue' })),
      actor.language,
    );
  const after = {
    data: applyDataChanges(item.data, checked.data),
    title: checked.title ?? item.title,
    position: checked.position ?? item.position,
  };
  const changes = diffItem(item, after);
  if (Object.keys(changes).length === 0) return item;
  const [updated] = await tx
    .update(runtimeItems)
    .set({
      data: after.data as ItemData,
      title: after.title,
      position: after.position,
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
