import { z } from 'zod';

const idFromQuery = z.coerce.number().int().positive();

/** Largest file one upload may store (the file chooser, image and image list components). */
export const FILE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Longest stored file name (longer names are cut, keeping the extension). */
export const FILE_NAME_MAX_LENGTH = 200;

/**
 * The media types the server recognises by content (magic bytes); the type the browser declares is ignored.
 * Office files are zip containers: told apart by their [Content_Types].xml part.
 */
export const STORED_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/plain',
] as const;
export const StoredMediaTypeSchema = z.enum(STORED_MEDIA_TYPES);
export type StoredMediaType = z.infer<typeof StoredMediaTypeSchema>;

/** Media types an <img> may show inline (downloadFile `inline=1`). */
export const INLINE_MEDIA_TYPES: readonly StoredMediaType[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

/** A stored file as forms show it. */
export const StoredFileSchema = z.object({
  fileId: z.number().int().positive(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mediaType: StoredMediaTypeSchema,
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

/**
 * downloadFile (GET): the content of a stored file. A file no saved item references yet is its uploader's
 * only; once saved, `itemId` names the item whose BINARY field holds it, and whoever may see that item may
 * download it. Everyone else gets 404, like an unknown id. `inline=1` (images only) lets an <img> show it.
 * With `attachmentId` it is a version of an attachment, served to whoever may see its item.
 */
export const DownloadFileQuerySchema = z
  .object({
    fileId: idFromQuery.optional(),
    itemId: idFromQuery.optional(),
    /** An attachment (instead of `fileId`): its `version`, by default the current one (engine/attachments). */
    attachmentId: idFromQuery.optional(),
    version: idFromQuery.optional(),
    inline: z.enum(['0', '1']).optional(),
    /** A link of getAttachmentLink / getFileLink: when it stops working (ms since the epoch) and its signature. */
    expires: z.coerce.number().int().positive().optional(),
    token: z.string().max(100).optional(),
  })
  .refine((query) => (query.fileId === undefined) !== (query.attachmentId === undefined), {
    message: 'Name either fileId or attachmentId',
    path: ['fileId'],
  });
export type DownloadFileQuery = z.input<typeof DownloadFileQuerySchema>;
