import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import {
  type AttachmentVersionKind,
  type RuntimeAttachmentVersionRow,
  runtimeAttachments,
  runtimeAttachmentVersions,
} from './attachments.table.ts';

/**
 * Marks files as held by a saved item (runtime_files.referenced_at), so they are served to the item's viewers
 * and the storage sweep keeps them. Only files `userId` uploaded that nothing referenced yet are claimed: an id
 * of someone else's upload, or of a file another item holds, cannot be attached (no copying or probing by id).
 * Answers the ids claimed.
 */
export async function claimUploadedFiles(
  tx: Db,
  userId: number,
  fileIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const rows = await tx
    .update(runtimeFiles)
    .set({ referencedAt: now })
    .where(
      and(
        inArray(runtimeFiles.id, [...new Set(fileIds)]),
        eq(runtimeFiles.uploadedBy, userId),
        isNull(runtimeFiles.referencedAt),
      ),
    )
    .returning({ id: runtimeFiles.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds the next version of an attachment (replace, stamp, sign): locks the attachment row so two changes at
 * once get consecutive numbers, marks the file referenced, and refreshes the item's row markers (a 'sign'
 * version on top makes HasDigitalContent). The caller has checked the actor may write the item, and that the
 * file is one they may use (claimUploadedFiles for an upload; a file the server produced is theirs).
 */
export async function addAttachmentVersion(
  tx: Db,
  input: {
    attachmentId: number;
    fileId: number;
    kind: AttachmentVersionKind;
    createdBy: number | null;
    createdAt: Date;
  },
): Promise<RuntimeAttachmentVersionRow> {
  const [attachment] = await tx
    .select({ itemId: runtimeAttachments.itemId })
    .from(runtimeAttachments)
    .where(eq(runtimeAttachments.id, input.attachmentId))
    .for('update');
  if (!attachment) throw new Error(`attachment ${input.attachmentId} does not exist`);
  const [top] = await tx
    .select({ version: max(runtimeAttachmentVersions.version) })
    .from(runtimeAttachmentVersions)
    .where(eq(runtimeAttachmentVersions.attachmentId, input.attachmentId));
  const [row] = await tx
    .insert(runtimeAttachmentVersions)
    .values({ ...input, version: (top?.version ?? 0) + 1 })
    .returning();
  await tx
    .update(runtimeFiles)
    .set({ referencedAt: input.createdAt })
    .where(and(eq(runtimeFiles.id, input.fileId), isNull(runtimeFiles.referencedAt)));
  await refreshItemMarkers(tx, attachment.itemId);
  return row!;
}

/** A new attachment holding `fileId` as version 1 ('upload'). */
export async function insertAttachment(
  tx: Db,
  input: {
    itemId: number;
    widgetKey: string;
    fileId: number;
    addedBy: number;
    addedAt: Date;
    /** What the first version is: an upload, unless a workflow effect made it signed. */
    kind?: AttachmentVersionKind;
  },
): Promise<number> {
  const [row] = await tx
    .insert(runtimeAttachments)
    .values({
      itemId: input.itemId,
      widgetKey: input.widgetKey,
      addedBy: input.addedBy,
      addedAt: input.addedAt,
    })
    .returning({ id: runtimeAttachments.id });
  await tx.insert(runtimeAttachmentVersions).values({
    attachmentId: row!.id,
    version: 1,
    fileId: input.fileId,
    kind: input.kind ?? 'upload',
    createdBy: input.addedBy,
    createdAt: input.addedAt,
  });
  return row!.id;
}

/** Attachments of one component of an item that are not deleted. */
export async function countAttachments(tx: Db, itemId: number, widgetKey: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(runtimeAttachments)
    .where(
      and(
        eq(runtimeAttachments.itemId, itemId),
        eq(runtimeAttachments.widgetKey, widgetKey),
        isNull(runtimeAttachments.deletedAt),
      ),
    );
  return row?.count ?? 0;
}

/**
 * The item's row markers (spec §3 row fields) from its attachments: HasAttachment when one is not deleted,
 * HasDigitalContent when such an attachment's current version is a signature. Written without a new item
 * version: attaching is no change of the item's fields, and an open form must not turn stale by it.
 */
export async function refreshItemMarkers(tx: Db, itemId: number): Promise<void> {
  const live = sql`${runtimeAttachments.itemId} = ${itemId} and ${runtimeAttachments.deletedAt} is null`;
  await tx
    .update(runtimeItems)
    .set({
      hasAttachment: sql`exists (select 1 from ${runtimeAttachments} where ${live})`,
      hasDigitalContent: sql`exists (select 1 from ${runtimeAttachments} where ${live} and (select v.kind from ${runtimeAttachmentVersions} v where v.attachment_id = ${runtimeAttachments.id} order by v.version desc limit 1) = 'sign')`,
    })
    .where(eq(runtimeItems.id, itemId));
}
