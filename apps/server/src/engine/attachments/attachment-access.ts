import type { ComponentDefinition } from '@der/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { type FileMeta, findFileMeta } from '../files/files.repo.ts';
import { visibleItem } from '../forms/form-items.ts';
import { findGrantedComponent } from '../items/application-grant.ts';
import { canEditWith, readOnlyFieldsOf } from '../items/field-permissions.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import {
  type RuntimeAttachmentRow,
  type RuntimeAttachmentVersionRow,
  runtimeAttachments,
  runtimeAttachmentVersions,
} from './attachments.table.ts';

/** 'read': the actor sees the item; 'write': they may also change it now (spec §6 "may edit the item"). */
export type AttachmentAccessMode = 'read' | 'write';

export interface ItemForActor {
  item: RuntimeItemRow;
  definition: ComponentDefinition;
  /** Whether the actor may change the item now (computed for both modes; 'write' refuses when false). */
  canEdit: boolean;
}

export interface AttachmentForActor extends ItemForActor {
  attachment: RuntimeAttachmentRow;
  current: RuntimeAttachmentVersionRow;
  file: FileMeta;
}

/**
 * The item when the actor may see it: visible by the item rule (visibleItem) and of an application granted to
 * them (404 NOT_FOUND otherwise, like an unknown id). In 'write' mode also editable now, by the one save's rule
 * (field-permissions.ts: the write right, and some field still writable in the item's status; nothing in a
 * locked status; a component of a replaced definition is read-only): ITEM_EDIT_FORBIDDEN otherwise.
 */
export async function loadItemForActor(
  db: Db,
  actor: ItemActor,
  itemId: number,
  mode: AttachmentAccessMode,
): Promise<ItemForActor> {
  const { item, writable } = await visibleItem(db, actor, itemId);
  const component = await findGrantedComponent(db, actor, item.componentId);
  if (!component) throw new AppError('NOT_FOUND');
  const canEdit =
    component.removedAt === null &&
    canEditWith(
      component.definition,
      writable,
      await readOnlyFieldsOf(db, actor, component.definition, item),
    );
  if (mode === 'write' && !canEdit) throw new AppError('ITEM_EDIT_FORBIDDEN');
  return { item, definition: component.definition, canEdit };
}

/** The highest version of an attachment (its current file). */
export async function currentVersionOf(
  db: Db,
  attachmentId: number,
): Promise<RuntimeAttachmentVersionRow | null> {
  const [row] = await db
    .select()
    .from(runtimeAttachmentVersions)
    .where(eq(runtimeAttachmentVersions.attachmentId, attachmentId))
    .orderBy(desc(runtimeAttachmentVersions.version))
    .limit(1);
  return row ?? null;
}

/**
 * An attachment (not deleted), its current version and file, and its item, when the actor may see the item
 * (`mode` as in loadItemForActor). Another user's attachment id answers 404 exactly like an unknown one.
 */
export async function loadAttachmentForActor(
  db: Db,
  actor: ItemActor,
  attachmentId: number,
  mode: AttachmentAccessMode,
): Promise<AttachmentForActor> {
  const [attachment] = await db
    .select()
    .from(runtimeAttachments)
    .where(and(eq(runtimeAttachments.id, attachmentId), isNull(runtimeAttachments.deletedAt)))
    .limit(1);
  if (!attachment) throw new AppError('NOT_FOUND');
  const access = await loadItemForActor(db, actor, attachment.itemId, mode);
  const current = await currentVersionOf(db, attachment.id);
  const file = current ? await findFileMeta(db, current.fileId) : null;
  if (!current || !file) throw new AppError('NOT_FOUND');
  return { ...access, attachment, current, file };
}
