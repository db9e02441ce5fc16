import { z } from 'zod';
import { FileIndexDefinitionSchema } from '../definition/file-indexes.ts';
import { LocalizedTextSchema } from '../definition/localized-text.ts';
import { DefinitionIdSchema } from '../definition/primitives.ts';
import { ItemIdSchema } from '../items/items.schemas.ts';

/**
 * Project document repositories (spec §2.9, issue 17). A repository is named by its two forms, as in the route
 * `repository/{projectId}/{fileForm}/{folderForm}/{title}`; folders and files are items (definition
 * repository.ts), so every call reads them through the visibility rule, which also applies the project
 * permissions' folder-access restriction: a member whose entries all restrict folder access sees only the
 * folders granted to them (and their subfolders) and the files in them.
 */
export const RepositoryRefSchema = z.strictObject({
  fileFormId: DefinitionIdSchema,
  folderFormId: DefinitionIdSchema,
});
export type RepositoryRef = z.infer<typeof RepositoryRefSchema>;

/** A folder or file title: the item's Title. Slashes are refused (paths are shown with them). */
export const RepositoryNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^/\\]+$/);

export const RepositorySummarySchema = z.object({
  key: z.string(),
  name: LocalizedTextSchema,
  fileFormId: z.number().int(),
  folderFormId: z.number().int(),
  /** The file indexes of the documents' attachments component (columns and search of the file lists). */
  fileIndexes: z.array(FileIndexDefinitionSchema),
});
export type RepositorySummary = z.infer<typeof RepositorySummarySchema>;

/** loadRepositoryProjects: the application's repositories and the projects (visible to the caller) holding them. */
export const LoadRepositoryProjectsBodySchema = z.strictObject({
  applicationId: z.number().int().positive(),
});
export type LoadRepositoryProjectsBody = z.input<typeof LoadRepositoryProjectsBodySchema>;

export const RepositoryProjectSchema = z.object({
  id: ItemIdSchema,
  formattedId: z.string(),
  title: z.string(),
  managerName: z.string().nullable(),
  /** The keys of the repositories this project holds (those whose project component is the project's). */
  repositoryKeys: z.array(z.string()),
});
export type RepositoryProject = z.infer<typeof RepositoryProjectSchema>;

export const RepositoryProjectsSchema = z.object({
  repositories: z.array(RepositorySummarySchema),
  projects: z.array(RepositoryProjectSchema),
});
export type RepositoryProjects = z.infer<typeof RepositoryProjectsSchema>;

/** A folder of the tree. `parentId` null: a root folder, or one whose parent the caller may not see. */
export const RepositoryFolderSchema = z.object({
  id: ItemIdSchema,
  parentId: ItemIdSchema.nullable(),
  title: z.string(),
  /** The caller may add, move, rename in it (write right on the folder item). */
  canWrite: z.boolean(),
  version: z.number().int(),
});
export type RepositoryFolder = z.infer<typeof RepositoryFolderSchema>;

export const LoadRepositoryBodySchema = RepositoryRefSchema.extend({ projectId: ItemIdSchema });
export type LoadRepositoryBody = z.input<typeof LoadRepositoryBodySchema>;

/** loadRepository: the project's repository as the caller sees it. */
export const RepositoryTreeSchema = z.object({
  repository: RepositorySummarySchema,
  project: z.object({ id: ItemIdSchema, formattedId: z.string(), title: z.string() }),
  /** The caller may create root folders (write right on the project, folder access not restricted). */
  canCreateRoot: z.boolean(),
  /** The caller may set folders' access (project manager or administrator). */
  canManageAccess: z.boolean(),
  folders: z.array(RepositoryFolderSchema),
});
export type RepositoryTree = z.infer<typeof RepositoryTreeSchema>;

/** File index values of a file (by the attachments component's file index keys). */
export const RepositoryFileIndexesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** A file of the repository: the file item and its current document. */
export const RepositoryFileSchema = z.object({
  id: ItemIdSchema,
  title: z.string(),
  folderId: ItemIdSchema.nullable(),
  projectId: ItemIdSchema.nullable(),
  projectTitle: z.string().nullable(),
  /** The document (attachment) and its current version; null when the item holds none. */
  attachmentId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** Bytes of the current version. */
  size: z.number().int().nullable(),
  /** The attachment's current version (1 for an upload; replacements, stamps and signatures add versions). */
  fileVersion: z.number().int().nullable(),
  fileIndexes: RepositoryFileIndexesSchema,
  modifiedAt: z.string(),
  modifierName: z.string().nullable(),
  canWrite: z.boolean(),
  /** The item's version (the one save's expected version). */
  version: z.number().int(),
});
export type RepositoryFile = z.infer<typeof RepositoryFileSchema>;

export const RepositoryPageSchema = z.object({
  page: z.number().int().min(0).default(0),
  rowsPerPage: z.number().int().min(1).max(200).default(25),
});

export const LoadRepositoryFilesBodySchema = RepositoryRefSchema.extend({
  projectId: ItemIdSchema,
  folderId: ItemIdSchema,
  ...RepositoryPageSchema.shape,
});
export type LoadRepositoryFilesBody = z.input<typeof LoadRepositoryFilesBodySchema>;

export const RepositoryFilesSchema = z.object({
  total: z.number().int(),
  rows: z.array(RepositoryFileSchema),
});
export type RepositoryFiles = z.infer<typeof RepositoryFilesSchema>;

/**
 * searchRepository: files whose title, document name or any file index value contains `text` (case and accents
 * as typed), optionally one file index equal to a value; in one project, or (no projectId: the repositoryView)
 * in every project of the repository the caller may see. Folders the caller may not see never answer.
 */
export const SearchRepositoryBodySchema = RepositoryRefSchema.extend({
  projectId: ItemIdSchema.optional(),
  text: z.string().trim().max(200).default(''),
  fileIndex: z
    .strictObject({ key: z.string().min(1).max(63), value: z.string().trim().min(1).max(200) })
    .optional(),
  ...RepositoryPageSchema.shape,
});
export type SearchRepositoryBody = z.input<typeof SearchRepositoryBodySchema>;

export const CreateRepositoryFolderBodySchema = RepositoryRefSchema.extend({
  projectId: ItemIdSchema,
  /** Absent or null: a root folder. */
  parentId: ItemIdSchema.nullish(),
  title: RepositoryNameSchema,
});
export type CreateRepositoryFolderBody = z.input<typeof CreateRepositoryFolderBodySchema>;

export const RenameRepositoryFolderBodySchema = RepositoryRefSchema.extend({
  folderId: ItemIdSchema,
  title: RepositoryNameSchema,
});
export type RenameRepositoryFolderBody = z.input<typeof RenameRepositoryFolderBodySchema>;

export const DeleteRepositoryFolderBodySchema = RepositoryRefSchema.extend({ folderId: ItemIdSchema });
export type DeleteRepositoryFolderBody = z.input<typeof DeleteRepositoryFolderBodySchema>;

/**
 * addRepositoryFile: a file stored by uploadFiles (the caller's own upload) becomes a file item in `folderId`
 * holding it as its document, with its file indexes. The item's title is the file's name unless given.
 */
export const AddRepositoryFileBodySchema = RepositoryRefSchema.extend({
  folderId: ItemIdSchema,
  fileId: z.number().int().positive(),
  title: RepositoryNameSchema.optional(),
  fileIndexes: RepositoryFileIndexesSchema.default({}),
});
export type AddRepositoryFileBody = z.input<typeof AddRepositoryFileBodySchema>;

/** moveRepositoryEntry: a file to another folder, or a folder under another (null: to the root). */
export const MoveRepositoryEntryBodySchema = z.discriminatedUnion('kind', [
  RepositoryRefSchema.extend({ kind: z.literal('file'), id: ItemIdSchema, targetFolderId: ItemIdSchema }),
  RepositoryRefSchema.extend({
    kind: z.literal('folder'),
    id: ItemIdSchema,
    targetFolderId: ItemIdSchema.nullable(),
  }),
]);
export type MoveRepositoryEntryBody = z.input<typeof MoveRepositoryEntryBodySchema>;

export const RepositoryItemIdSchema = z.object({ id: ItemIdSchema });

/** downloadRepositoryFile (GET): the current version of a file item's document. */
export const DownloadRepositoryFileQuerySchema = z.strictObject({
  itemId: z.coerce.number().int().positive(),
});
export type DownloadRepositoryFileQuery = z.input<typeof DownloadRepositoryFileQuerySchema>;

/** One grantee of a folder: a user or group, reading only or also writing. */
export const FolderAccessEntrySchema = z.strictObject({
  id: z.number().int().positive(),
  canWrite: z.boolean().default(false),
});
export type FolderAccessEntry = z.infer<typeof FolderAccessEntrySchema>;

export const FolderAccessRowSchema = FolderAccessEntrySchema.extend({
  name: z.string(),
  canWrite: z.boolean(),
});

export const LoadFolderAccessBodySchema = RepositoryRefSchema.extend({ folderId: ItemIdSchema });
export type LoadFolderAccessBody = z.input<typeof LoadFolderAccessBodySchema>;

/**
 * The folder-access restriction of the project permissions (spec §6): which restricted users and groups may see
 * (and write in) a folder and its subfolders. Set by the project manager or an administrator.
 */
export const FolderAccessSchema = z.object({
  folderId: ItemIdSchema,
  users: z.array(FolderAccessRowSchema),
  groups: z.array(FolderAccessRowSchema),
});
export type FolderAccess = z.infer<typeof FolderAccessSchema>;

export const SaveFolderAccessBodySchema = RepositoryRefSchema.extend({
  folderId: ItemIdSchema,
  users: z.array(FolderAccessEntrySchema).max(5000).default([]),
  groups: z.array(FolderAccessEntrySchema).max(5000).default([]),
});
export type SaveFolderAccessBody = z.input<typeof SaveFolderAccessBodySchema>;
