import type { FormItem } from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { grantedComponentItemCondition } from '../items/application-grant.ts';
import { withoutRestricted } from '../items/field-read-permissions.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { writableColumn } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

/** The item's values as rule expressions and forms see them: configured values plus the system keys. */
export function valuesOfItem(row: RuntimeItemRow): Record<string, unknown> {
  return {
    ...row.data,
    ID: row.id,
    FormattedID: row.formattedId,
    Title: row.title,
    Version: row.version,
    Position: row.position,
    Reason: row.reason,
  };
}

/**
 * The item as the form shows it; `readOnlyFields`: what this user may not write in its status
 * (field-permissions.ts); `restrictedFields`: what they may not see, left out of the values (field-read-permissions.ts).
 */
export function toFormItem(
  row: RuntimeItemRow,
  canEdit: boolean,
  readOnlyFields: ReadonlySet<string> = new Set(),
  restrictedFields: ReadonlySet<string> = new Set(),
  viewerId: number | null = null,
): FormItem {
  return {
    id: row.id,
    componentId: row.componentId,
    projectId: row.projectId,
    formattedId: row.formattedId,
    version: row.version,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    values: withoutRestricted(valuesOfItem(row), restrictedFields),
    canEdit,
    createdByViewer: viewerId !== null && row.creatorId === viewerId,
    readOnlyFields: [...readOnlyFields].sort(),
    restrictedFields: [...restrictedFields].sort(),
    dueAt: row.dueAt?.toISOString() ?? null,
    dueSoonAt: row.dueSoonAt?.toISOString() ?? null,
  };
}

/**
 * An item of a component the viewer may see, with whether they may change it; 404 when it does not exist, is
 * not visible or belongs to an application not granted to the viewer (all answer alike: the id tells nothing).
 * Every route reading one item (form, links, children, followers, files, workflow) comes through here.
 */
export async function visibleItem(
  db: Db,
  viewer: ItemViewer,
  itemId: number,
  componentId?: number,
): Promise<{ item: RuntimeItemRow; writable: boolean }> {
  const [row] = await db
    .select({ item: runtimeItems, writable: writableColumn(viewer) })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, itemId),
        componentId === undefined ? undefined : eq(runtimeItems.componentId, componentId),
        visibleItemCondition(viewer),
        grantedComponentItemCondition(viewer, runtimeItems.componentId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  // SQL three-valued logic: a null responsible makes the predicate null, not false.
  return { item: row.item, writable: row.writable === true };
}
