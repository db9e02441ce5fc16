import {
  type AttachmentLinkQuery,
  type DownloadFileQuery,
  type FileLink,
  type FileLinkQuery,
  INLINE_MEDIA_TYPES,
  type StoredMediaType,
} from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { contentDisposition } from '../files/file-name.ts';
import { findFileMeta } from '../files/files.repo.ts';
import type { FileDownload } from '../files/files.service.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { loadAttachmentForActor, loadItemForActor } from './attachment-access.ts';
import { runtimeAttachmentVersions } from './attachments.table.ts';
import type { FileLinks, LinkTarget } from './file-links.ts';

export interface AttachmentDownloadsDeps {
  db: Db;
  links: FileLinks;
  /** The bytes of a stored file (the file store behind files.repo), null when the row is gone. */
  readContent: (fileId: number) => Promise<Buffer | null>;
}

/** The version row `version` (default: the current one) of an attachment the actor may see; 404 otherwise. */
async function versionFor(db: Db, actor: ItemActor, attachmentId: number, version: number | undefined) {
  const access = await loadAttachmentForActor(db, actor, attachmentId, 'read');
  if (version === undefined || version === access.current.version) return access.current;
  const [row] = await db
    .select()
    .from(runtimeAttachmentVersions)
    .where(
      and(
        eq(runtimeAttachmentVersions.attachmentId, attachmentId),
        eq(runtimeAttachmentVersions.version, version),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Whether the item (visible to the actor, application granted) holds the file in a BINARY field. */
async function itemFieldHolds(db: Db, actor: ItemActor, itemId: number, fileId: number): Promise<boolean> {
  const { item, definition } = await loadItemForActor(db, actor, itemId, 'read');
  return definition.fields.some((field) => {
    const stored = item.data[field.key];
    return field.type === 'BINARY' && Array.isArray(stored) && stored.includes(fileId);
  });
}

/**
 * Downloads of attachments (downloadFile with `attachmentId`) and the short-lived links of getAttachmentLink
 * and getFileLink. Always as an attachment (images inline on request), under the sandbox policy the plugin sets;
 * the type is the one found from the content when the file was stored.
 */
export function createAttachmentDownloads(deps: AttachmentDownloadsDeps) {
  const { db, links } = deps;

  return {
    async attachmentLink(actor: ItemActor, query: AttachmentLinkQuery): Promise<FileLink> {
      const attachmentId = Number(query.attachmentId);
      const version = await versionFor(
        db,
        actor,
        attachmentId,
        query.version === undefined ? undefined : Number(query.version),
      );
      return links.create(actor.userId, { attachmentId, version: version.version });
    },

    /** A link to a file downloadFile serves: the actor's own fresh upload, or a file a BINARY field of the item holds. */
    async fileLink(actor: ItemActor, query: FileLinkQuery): Promise<FileLink> {
      const fileId = Number(query.fileId);
      const itemId = query.itemId === undefined ? undefined : Number(query.itemId);
      const file = await findFileMeta(db, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      const ownUpload = file.referencedAt === null && file.uploadedBy === actor.userId;
      if (!ownUpload && (itemId === undefined || !(await itemFieldHolds(db, actor, itemId, fileId))))
        throw new AppError('NOT_FOUND');
      return links.create(actor.userId, { fileId, itemId });
    },

    /** Checks the token of a link when the download carries one (see file-links.ts). */
    verifyLink(actor: ItemActor, query: DownloadFileQuery): void {
      if (query.token === undefined && query.expires === undefined) return;
      if (query.token === undefined || query.expires === undefined) throw new AppError('NOT_FOUND');
      const target: LinkTarget =
        query.attachmentId !== undefined
          ? { attachmentId: Number(query.attachmentId), version: Number(query.version ?? 0) }
          : {
              fileId: Number(query.fileId),
              itemId: query.itemId === undefined ? undefined : Number(query.itemId),
            };
      links.verify(actor.userId, target, Number(query.expires), query.token);
    },

    async downloadAttachment(actor: ItemActor, query: DownloadFileQuery): Promise<FileDownload> {
      const version = await versionFor(
        db,
        actor,
        Number(query.attachmentId),
        query.version === undefined ? undefined : Number(query.version),
      );
      const file = await findFileMeta(db, version.fileId);
      const content = file ? await deps.readContent(file.id) : null;
      if (!file || !content) throw new AppError('NOT_FOUND');
      const inline = query.inline === '1' && INLINE_MEDIA_TYPES.includes(file.mediaType as StoredMediaType);
      return {
        file,
        content,
        disposition: contentDisposition(inline ? 'inline' : 'attachment', file.fileName),
      };
    },
  };
}
export type AttachmentDownloads = ReturnType<typeof createAttachmentDownloads>;
