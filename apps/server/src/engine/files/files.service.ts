import {
  type DownloadFileQuery,
  FILE_UPLOAD_MAX_BYTES,
  INLINE_MEDIA_TYPES,
  type StoredFile,
  type StoredMediaType,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import type { FileStore } from '../../infra/storage/file-store.ts';
import { visibleItem } from '../forms/form-items.ts';
import { findGrantedComponent } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { contentDisposition, sanitizeFileName } from './file-name.ts';
import { mediaTypeOf } from './file-type.ts';
import { type FileMeta, findFileContent, findFileMeta, insertFile, toStoredFile } from './files.repo.ts';

const BYTES_PER_MIB = 1024 * 1024;

/** A file to send: its stored metadata, content and the Content-Disposition header. */
export interface FileDownload {
  file: FileMeta;
  content: Buffer;
  disposition: string;
}

/**
 * Files of the file chooser, image and image list components. A file is its uploader's alone until a save
 * references it (file-references.ts claims it); after that whoever may see an item whose BINARY field holds
 * it may download it, named by `itemId`. Anything else answers 404 like an unknown id: existence never leaks.
 */
export function createFilesService(deps: { db: Db; now: () => Date; fileStore: FileStore }) {
  const { db, fileStore } = deps;

  /** Whether the item (visible to the actor) holds the file in one of its BINARY fields. */
  async function itemHoldsFile(actor: ItemActor, itemId: number, fileId: number): Promise<boolean> {
    let item: Awaited<ReturnType<typeof visibleItem>>['item'];
    try {
      ({ item } = await visibleItem(db, actor, itemId));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
    // Files of an item of an application not granted to the actor are not theirs to read.
    const component = await findGrantedComponent(db, actor, item.componentId);
    return (component?.definition.fields ?? []).some((field) => {
      const stored = item.data[field.key];
      return field.type === 'BINARY' && Array.isArray(stored) && stored.includes(fileId);
    });
  }

  async function canDownload(actor: ItemActor, file: FileMeta, itemId: number | undefined): Promise<boolean> {
    if (file.referencedAt === null && file.uploadedBy === actor.userId) return true;
    return itemId !== undefined && itemHoldsFile(actor, itemId, file.id);
  }

  return {
    /**
     * Stores one uploaded file: refused (415 FILE_TYPE_NOT_ALLOWED naming it) unless its content is of a
     * kind forms accept, 413 FILE_TOO_LARGE above FILE_UPLOAD_MAX_BYTES (the multipart limit stops the
     * upload there already), 409 PLAN_LIMIT_REACHED when the plan's storage is full.
     */
    async upload(actor: ItemActor, upload: { fileName: string; content: Buffer }): Promise<StoredFile> {
      if (upload.content.length > FILE_UPLOAD_MAX_BYTES) throw fileTooLarge(upload.fileName);
      const mediaType = mediaTypeOf(upload.content, upload.fileName);
      if (!mediaType) throw errorWithParams('FILE_TYPE_NOT_ALLOWED', { name: displayName(upload.fileName) });
      const row = await insertFile(db, fileStore, {
        uploadedBy: actor.userId,
        uploadedAt: deps.now(),
        fileName: sanitizeFileName(upload.fileName, mediaType),
        mediaType,
        content: upload.content,
      });
      return toStoredFile(row);
    },

    /** The file's content when the actor may see it (see above); 404 otherwise. */
    async download(actor: ItemActor, query: DownloadFileQuery): Promise<FileDownload> {
      const fileId = Number(query.fileId);
      const itemId = query.itemId === undefined ? undefined : Number(query.itemId);
      const file = await findFileMeta(db, fileId);
      if (!file || !(await canDownload(actor, file, itemId))) throw new AppError('NOT_FOUND');
      const content = await findFileContent(db, fileStore, fileId);
      if (!content) throw new AppError('NOT_FOUND');
      // Only images may open in the page (an <img>); everything else is always saved, never rendered.
      const inline = query.inline === '1' && INLINE_MEDIA_TYPES.includes(file.mediaType as StoredMediaType);
      return {
        file,
        content,
        disposition: contentDisposition(inline ? 'inline' : 'attachment', file.fileName),
      };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

/** The browser's name as the user knows it, for messages (no folders, bounded). */
function displayName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').slice(0, 200);
}

export function fileTooLarge(fileName: string): AppError {
  return errorWithParams('FILE_TOO_LARGE', {
    name: displayName(fileName),
    limitMiB: String(FILE_UPLOAD_MAX_BYTES / BYTES_PER_MIB),
  });
}
