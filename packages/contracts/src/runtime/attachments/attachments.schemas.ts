import { z } from 'zod';
import { FileIndexDefinitionSchema } from '../definition/file-indexes.ts';
import { DefinitionKeySchema } from '../definition/primitives.ts';
import { StoredMediaTypeSchema } from '../files/files.schemas.ts';
import { ItemIdSchema } from '../items/items.schemas.ts';

const idFromQuery = z.coerce.number().int().positive();
const AttachmentIdSchema = z.number().int().positive();

/** Count cap of an attachments component that configures none (the server may lower it by env). */
export const DEFAULT_MAX_ATTACHMENTS = 20;
/** Most attachments one getAttachmentsDetails call reads. */
export const MAX_ATTACHMENT_DETAILS = 200;
/** Most files one addAttachments call attaches. */
export const MAX_FILES_PER_ADD = 50;

export const ATTACHMENT_VERSION_KIND_VALUES = ['upload', 'replace', 'stamp', 'sign'] as const;
export const AttachmentVersionKindSchema = z.enum(ATTACHMENT_VERSION_KIND_VALUES);
export type AttachmentVersionKindValue = z.infer<typeof AttachmentVersionKindSchema>;

/** A file index value: text, a number, an ISO date (yyyy-mm-dd) or a picklist value; null when not filled. */
export const FileIndexValueSchema = z.union([z.string().max(500), z.number().finite(), z.null()]);
export const FileIndexValuesSchema = z.record(DefinitionKeySchema, FileIndexValueSchema);
export type FileIndexValues = z.infer<typeof FileIndexValuesSchema>;

/** One attached file as lists show it: its current version and what signatures need to know. */
export const AttachmentSchema = z.object({
  attachmentId: AttachmentIdSchema,
  itemId: ItemIdSchema,
  widgetKey: z.string(),
  /** The current version's file. */
  fileId: z.number().int().positive(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mediaType: StoredMediaTypeSchema,
  /** The current version (1 = as uploaded). */
  version: z.number().int().positive(),
  kind: AttachmentVersionKindSchema,
  addedAt: z.iso.datetime({ offset: true }),
  /** Who attached it (name), null for a removed account. */
  addedBy: z.string().nullable(),
  fileIndexes: FileIndexValuesSchema,
  /** Some version of the chain is a stamp (stamping refuses an already stamped PDF). */
  stamped: z.boolean(),
  /** Consecutive 'sign' versions at the top of the chain (0: the current file carries no signature of ours). */
  signatureCount: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** One version of an attachment (the 'Versões' view). */
export const AttachmentVersionSchema = z.object({
  version: z.number().int().positive(),
  kind: AttachmentVersionKindSchema,
  fileId: z.number().int().positive(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mediaType: StoredMediaTypeSchema,
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.string().nullable(),
});
export type AttachmentVersion = z.infer<typeof AttachmentVersionSchema>;

/** loadAttachments (GET), loadFileIndexConfigs (GET): one attachments component of one item. */
export const AttachmentsQuerySchema = z.object({
  itemId: idFromQuery,
  widgetKey: DefinitionKeySchema,
});
export type AttachmentsQuery = z.input<typeof AttachmentsQuerySchema>;

export const AttachmentListSchema = z.object({
  attachments: z.array(AttachmentSchema),
  /** The component's count cap. */
  maxFiles: z.number().int().positive(),
  /** Whether this user may add, replace, delete and index files of the item now. */
  canEdit: z.boolean(),
  /**
   * Attachments a workflow step waits for this user to sign (an action's signatureRequired, such as the
   * permissionário's A1 on the TPEU): 'Assinar' is offered on them even when the user may change nothing else.
   */
  awaitingMySignature: z.array(AttachmentIdSchema).default([]),
});
export type AttachmentList = z.infer<typeof AttachmentListSchema>;

/** addAttachments: attaches files the caller uploaded (uploadFiles) and no save claimed yet. */
export const AddAttachmentsBodySchema = z.object({
  itemId: ItemIdSchema,
  widgetKey: DefinitionKeySchema,
  fileIds: z.array(z.number().int().positive()).min(1).max(MAX_FILES_PER_ADD),
});
export type AddAttachmentsBody = z.input<typeof AddAttachmentsBodySchema>;

/** deleteAttachment, loadFileIndexes (GET), loadAttachmentVersions (GET): one attachment. */
export const AttachmentIdBodySchema = z.object({ attachmentId: AttachmentIdSchema });
export type AttachmentIdBody = z.input<typeof AttachmentIdBodySchema>;
export const AttachmentIdQuerySchema = z.object({ attachmentId: idFromQuery });
export type AttachmentIdQuery = z.input<typeof AttachmentIdQuerySchema>;

/** replaceAttachment: a new current version from an uploaded file; earlier versions are kept. */
export const ReplaceAttachmentBodySchema = z.object({
  attachmentId: AttachmentIdSchema,
  fileId: z.number().int().positive(),
});
export type ReplaceAttachmentBody = z.input<typeof ReplaceAttachmentBodySchema>;

/** getAttachmentsDetails: the attachments named (404 when any is not the caller's to see). */
export const AttachmentsDetailsBodySchema = z.object({
  attachments: z.array(AttachmentIdSchema).min(1).max(MAX_ATTACHMENT_DETAILS),
});
export type AttachmentsDetailsBody = z.input<typeof AttachmentsDetailsBodySchema>;
export const AttachmentsDetailsSchema = z.object({ attachments: z.array(AttachmentSchema) });

export const AttachmentVersionsSchema = z.object({ versions: z.array(AttachmentVersionSchema) });

/** getAttachmentLink (GET): a version (default: the current one) of an attachment. */
export const AttachmentLinkQuerySchema = z.object({
  attachmentId: idFromQuery,
  version: idFromQuery.optional(),
});
export type AttachmentLinkQuery = z.input<typeof AttachmentLinkQuerySchema>;

/** getFileLink (GET): a stored file, as downloadFile names it. */
export const FileLinkQuerySchema = z.object({ fileId: idFromQuery, itemId: idFromQuery.optional() });
export type FileLinkQuery = z.input<typeof FileLinkQuerySchema>;

/**
 * A short-lived download link: the API path with a signed token. It still needs the caller's session and is
 * checked again when used; the token only limits how long a shared or logged URL works.
 */
export const FileLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type FileLink = z.infer<typeof FileLinkSchema>;

export const FileIndexConfigsSchema = z.object({ fileIndexes: z.array(FileIndexDefinitionSchema) });
export type FileIndexConfigs = z.infer<typeof FileIndexConfigsSchema>;

export const FileIndexesSchema = z.object({
  attachmentId: AttachmentIdSchema,
  values: FileIndexValuesSchema,
});
export type FileIndexes = z.infer<typeof FileIndexesSchema>;

/** saveFileIndexes: all values of one attachment, checked against its component's file indexes. */
export const SaveFileIndexesBodySchema = z.object({
  attachmentId: AttachmentIdSchema,
  values: FileIndexValuesSchema,
});
export type SaveFileIndexesBody = z.input<typeof SaveFileIndexesBodySchema>;

export const FILE_INDEX_SEARCH_MAX_PAGE_SIZE = 100;

/**
 * getAllFileIndexes (GET): attachments of the application's items the caller sees, with file index values.
 * `values` is a JSON object of exact values ({"tipoDocumento":"projeto"}); `search` matches the file name or
 * any text value (contains, case-insensitive).
 */
export const AllFileIndexesQuerySchema = z.object({
  applicationId: idFromQuery,
  widgetKey: DefinitionKeySchema.optional(),
  values: z.string().max(2000).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FILE_INDEX_SEARCH_MAX_PAGE_SIZE).default(25),
});
export type AllFileIndexesQuery = z.input<typeof AllFileIndexesQuerySchema>;

export const FileIndexSearchRowSchema = z.object({
  attachment: AttachmentSchema,
  item: z.object({
    itemId: ItemIdSchema,
    componentId: z.number().int().positive(),
    formattedId: z.string(),
    title: z.string(),
  }),
});
export type FileIndexSearchRow = z.infer<typeof FileIndexSearchRowSchema>;

export const FileIndexSearchSchema = z.object({
  rows: z.array(FileIndexSearchRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type FileIndexSearch = z.infer<typeof FileIndexSearchSchema>;
