import type {
  AddAttachmentsBody,
  Attachment,
  AttachmentList,
  AttachmentVersion,
  ReplaceAttachmentBody,
} from '@der/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import { listFileMetas } from '../files/files.repo.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { documentsAwaitingSignatureOf } from '../workflow/signature-steps.ts';
import { loadAttachmentForActor, loadItemForActor } from './attachment-access.ts';
import { toAttachments, toAttachmentVersions } from './attachment-view.ts';
import {
  addAttachmentVersion,
  claimUploadedFiles,
  countAttachments,
  insertAttachment,
  refreshItemMarkers,
} from './attachments.repo.ts';
import { runtimeAttachments } from './attachments.table.ts';
import { type AttachmentsWidget, findAttachmentsWidget } from './attachments-widget.ts';

export interface AttachmentsDeps {
  db: Db;
  now: () => Date;
  /** The count cap of a component that configures none (ATTACHMENTS_MAX_FILES); DEFAULT_MAX_ATTACHMENTS if absent. */
  defaultMaxFiles?: number;
}

/** The component's attachments widget, 404 when no form of the item's component has one under that key. */
export function widgetOrThrow(
  definition: Parameters<typeof findAttachmentsWidget>[0],
  widgetKey: string,
  defaultMaxFiles?: number,
): AttachmentsWidget {
  const widget = findAttachmentsWidget(definition, widgetKey, defaultMaxFiles);
  if (!widget) throw new AppError('NOT_FOUND');
  return widget;
}

/** Refuses files the actor may not attach: not their own fresh upload (already claimed, someone else's, unknown). */
async function claimOrRefuse(tx: Db, actor: ItemActor, fileIds: readonly number[], now: Date): Promise<void> {
  const claimed = await claimUploadedFiles(tx, actor.userId, fileIds, now);
  const refused = fileIds.find((id) => !claimed.has(id));
  if (refused === undefined) return;
  // The name only when the file is the actor's own (someone else's file name is not theirs to learn).
  const [meta] = await listFileMetas(tx, [refused]);
  const name = meta && meta.uploadedBy === actor.userId ? meta.fileName : `#${refused}`;
  throw errorWithParams('ATTACHMENT_INVALID_FILE', { name });
}

/**
 * Spec §7.6 attachments of an item's attachments component: list, attach uploaded files (count cap), delete,
 * replace (a new version; earlier ones kept), versions, details by id. Every call goes through attachment-access:
 * 404 unless the item is the caller's to see, ITEM_EDIT_FORBIDDEN for a change of an item they may not edit.
 */
export function createAttachmentsService(deps: AttachmentsDeps) {
  const { db } = deps;

  async function listOf(itemId: number, widgetKey: string): Promise<Attachment[]> {
    const rows = await db
      .select()
      .from(runtimeAttachments)
      .where(
        and(
          eq(runtimeAttachments.itemId, itemId),
          eq(runtimeAttachments.widgetKey, widgetKey),
          isNull(runtimeAttachments.deletedAt),
        ),
      )
      .orderBy(asc(runtimeAttachments.addedAt), asc(runtimeAttachments.id));
    return toAttachments(db, rows);
  }

  async function answer(actor: ItemActor, itemId: number, widgetKey: string): Promise<AttachmentList> {
    const { definition, canEdit, item } = await loadItemForActor(db, actor, itemId, 'read');
    const widget = widgetOrThrow(definition, widgetKey, deps.defaultMaxFiles);
    const awaitingMySignature = canEdit
      ? []
      : await documentsAwaitingSignatureOf(db, actor, definition, item, valuesOfItem(item), deps.now());
    return {
      attachments: await listOf(itemId, widgetKey),
      maxFiles: widget.maxFiles,
      canEdit,
      awaitingMySignature,
    };
  }

  return {
    loadAttachments: (actor: ItemActor, query: { itemId: number; widgetKey: string }) =>
      answer(actor, query.itemId, query.widgetKey),

    /**
     * Attaches files the actor uploaded and nothing claimed yet, all or none: ATTACHMENT_LIMIT_REACHED when the
     * component's cap would be passed ('You cannot add more than {qtd} files.'), ATTACHMENT_INVALID_FILE for a
     * file that is not the actor's fresh upload. The item row is locked so two uploads at once respect the cap.
     */
    async addAttachments(actor: ItemActor, body: AddAttachmentsBody): Promise<AttachmentList> {
      const { definition } = await loadItemForActor(db, actor, body.itemId, 'write');
      const widget = widgetOrThrow(definition, body.widgetKey, deps.defaultMaxFiles);
      const fileIds = [...new Set(body.fileIds)];
      const now = deps.now();
      await db.transaction(async (tx) => {
        // Serialises attaching to one item (the cap counts the rows the other transaction adds).
        await tx
          .select({ id: runtimeItems.id })
          .from(runtimeItems)
          .where(eq(runtimeItems.id, body.itemId))
          .for('update');
        const count = await countAttachments(tx, body.itemId, body.widgetKey);
        if (count + fileIds.length > widget.maxFiles)
          throw errorWithParams('ATTACHMENT_LIMIT_REACHED', { qtd: String(widget.maxFiles) });
        await claimOrRefuse(tx, actor, fileIds, now);
        for (const fileId of fileIds)
          await insertAttachment(tx, {
            itemId: body.itemId,
            widgetKey: body.widgetKey,
            fileId,
            addedBy: actor.userId,
            addedAt: now,
          });
        await refreshItemMarkers(tx, body.itemId);
      });
      return answer(actor, body.itemId, body.widgetKey);
    },

    /** Marks the attachment deleted: it leaves the list and the row markers; its versions stay recorded. */
    async deleteAttachment(actor: ItemActor, attachmentId: number): Promise<AttachmentList> {
      const { attachment } = await loadAttachmentForActor(db, actor, attachmentId, 'write');
      await db.transaction(async (tx) => {
        await tx
          .update(runtimeAttachments)
          .set({ deletedAt: deps.now() })
          .where(eq(runtimeAttachments.id, attachment.id));
        await refreshItemMarkers(tx, attachment.itemId);
      });
      return answer(actor, attachment.itemId, attachment.widgetKey);
    },

    /** A new current version from the actor's fresh upload; the earlier versions stay downloadable. */
    async replaceAttachment(actor: ItemActor, body: ReplaceAttachmentBody): Promise<Attachment> {
      const { attachment } = await loadAttachmentForActor(db, actor, body.attachmentId, 'write');
      const now = deps.now();
      await db.transaction(async (tx) => {
        await claimOrRefuse(tx, actor, [body.fileId], now);
        await addAttachmentVersion(tx, {
          attachmentId: attachment.id,
          fileId: body.fileId,
          kind: 'replace',
          createdBy: actor.userId,
          createdAt: now,
        });
      });
      const [answered] = await toAttachments(db, [attachment]);
      return answered!;
    },

    async loadAttachmentVersions(actor: ItemActor, attachmentId: number): Promise<AttachmentVersion[]> {
      await loadAttachmentForActor(db, actor, attachmentId, 'read');
      return toAttachmentVersions(db, attachmentId);
    },

    /** The attachments named, in the order named; 404 when any is unknown, deleted or not the actor's to see. */
    async getAttachmentsDetails(actor: ItemActor, ids: readonly number[]): Promise<Attachment[]> {
      const unique = [...new Set(ids)];
      const rows = await db
        .select()
        .from(runtimeAttachments)
        .where(and(inArray(runtimeAttachments.id, unique), isNull(runtimeAttachments.deletedAt)));
      if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
      const checkedItems = new Set<number>();
      for (const row of rows) {
        if (checkedItems.has(row.itemId)) continue;
        await loadItemForActor(db, actor, row.itemId, 'read');
        checkedItems.add(row.itemId);
      }
      const byId = new Map(rows.map((row) => [row.id, row]));
      return toAttachments(
        db,
        unique.map((id) => byId.get(id)!),
      );
    },
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
