import {
  type AddRepositoryFileBody,
  type CreateRepositoryFolderBody,
  type DeleteRepositoryFolderBody,
  formatValidationMessage,
  type MoveRepositoryEntryBody,
  type RenameRepositoryFolderBody,
  type RepositoryFile,
  type RepositoryFolder,
} from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import type { FileStore } from '../../infra/storage/file-store.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { runtimeFiles } from '../files/files.table.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { ItemsService } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemSavedHook, saveItem } from '../items/save-item.ts';
import { projectAccess } from '../projects/item-access.ts';
import { createFolderAccess } from './folder-access.service.ts';
import { type Repository, repositoryOrThrow } from './repository-definitions.ts';
import { filePage } from './repository-files.ts';
import {
  folderAndDescendants,
  folderNameTaken,
  isFolderAccessRestricted,
  type SeenItem,
  seenItemOrThrow,
} from './repository-items.ts';

/**
 * Puts an uploaded file (the actor's own, from uploadFiles) on a file item as the document of its attachments
 * component, with its file indexes, inside the caller's transaction (the attachments engine's rules: the count
 * cap, the file claim, the file index checks).
 */
export type AttachDocument = (
  tx: Db,
  actor: ItemActor,
  input: {
    itemId: number;
    componentId: number;
    widgetKey: string;
    fileId: number;
    fileIndexes: Record<string, unknown>;
  },
) => Promise<void>;

export interface RepositoryWriteDeps {
  db: Db;
  /** Where documents' bytes live (downloads). */
  fileStore: FileStore;
  now: () => Date;
  audit: AuditService;
  items: ItemsService;
  attachDocument: AttachDocument;
  onItemSaved?: ItemSavedHook;
}

/** A write refused naming the field of the call's body (400). */
function refused(field: string, actor: ItemActor): AppError {
  return new AppError('VALIDATION_FAILED', [
    { field: `body.${field}`, message: formatValidationMessage('invalidValue', actor.language) },
  ]);
}

const folderOf = ({ item, writable }: SeenItem): RepositoryFolder => ({
  id: item.id,
  parentId: item.parentId,
  title: item.title,
  canWrite: writable,
  version: item.version,
});

/**
 * The repository's writes, all through the one save (saveItem): folders created, renamed and moved, files
 * added and moved, folders deleted through deleteItem. A target folder must be visible to the actor (404) and
 * writable by them (403: their write right and, when restricted, a write grant of the folder); the root is
 * writable only by members whose folder access is not restricted.
 */
export function createRepositoryWrites(deps: RepositoryWriteDeps) {
  const { db } = deps;
  const save = (tx: Db, actor: ItemActor, request: Parameters<typeof saveItem>[2]) =>
    saveItem(tx, actor, request, { now: deps.now(), onItemSaved: deps.onItemSaved });

  /** Where new entries go: a folder the actor may write in, or the project's root. */
  async function writableTarget(
    tx: Db,
    actor: ItemActor,
    repository: Repository,
    projectId: number,
    folderId: number | null,
  ) {
    if (folderId === null) {
      const access = await projectAccess(tx, actor, projectId);
      if (access === 'none') throw new AppError('NOT_FOUND');
      if (access !== 'write' || (await isFolderAccessRestricted(tx, actor, projectId)))
        throw new AppError('ITEM_EDIT_FORBIDDEN');
      return null;
    }
    const folder = await seenItemOrThrow(tx, actor, repository.folderComponentId, folderId, { projectId });
    if (!folder.writable) throw new AppError('ITEM_EDIT_FORBIDDEN');
    return folder;
  }

  async function checkName(
    tx: Db,
    repository: Repository,
    projectId: number,
    parentId: number | null,
    title: string,
    exceptId?: number,
  ) {
    if (await folderNameTaken(tx, repository.folderComponentId, projectId, parentId, title, exceptId))
      throw errorWithParams('REPOSITORY_NAME_TAKEN', { name: title });
  }

  return {
    async createRepositoryFolder(
      actor: ItemActor,
      body: CreateRepositoryFolderBody,
    ): Promise<RepositoryFolder> {
      const repository = await repositoryOrThrow(db, actor, body);
      const parentId = body.parentId ?? null;
      const id = await db.transaction(async (tx) => {
        await writableTarget(tx, actor, repository, body.projectId, parentId);
        await checkName(tx, repository, body.projectId, parentId, body.title);
        const saved = await save(tx, actor, {
          componentId: repository.folderComponentId,
          changes: { Title: body.title },
          create: { projectId: body.projectId, parentId },
        });
        return saved.row.id;
      });
      return folderOf(await seenItemOrThrow(db, actor, repository.folderComponentId, id));
    },

    async renameRepositoryFolder(
      actor: ItemActor,
      body: RenameRepositoryFolderBody,
    ): Promise<RepositoryFolder> {
      const repository = await repositoryOrThrow(db, actor, body);
      await db.transaction(async (tx) => {
        const folder = await seenItemOrThrow(tx, actor, repository.folderComponentId, body.folderId, {
          lock: true,
        });
        await checkName(
          tx,
          repository,
          folder.item.projectId ?? 0,
          folder.item.parentId,
          body.title,
          folder.item.id,
        );
        await save(tx, actor, {
          componentId: repository.folderComponentId,
          itemId: folder.item.id,
          changes: { Title: body.title },
        });
      });
      return folderOf(await seenItemOrThrow(db, actor, repository.folderComponentId, body.folderId));
    },

    /** An empty folder only (409 REPOSITORY_FOLDER_NOT_EMPTY): files are never deleted by deleting a folder. */
    async deleteRepositoryFolder(
      actor: ItemActor,
      body: DeleteRepositoryFolderBody,
    ): Promise<{ id: number }> {
      const repository = await repositoryOrThrow(db, actor, body);
      const folder = await seenItemOrThrow(db, actor, repository.folderComponentId, body.folderId);
      if (!folder.writable) throw new AppError('ITEM_EDIT_FORBIDDEN');
      const [inside] = await db
        .select({ id: runtimeItems.id })
        .from(runtimeItems)
        .where(eq(runtimeItems.parentId, folder.item.id))
        .limit(1);
      if (inside) throw new AppError('REPOSITORY_FOLDER_NOT_EMPTY');
      await deps.items.deleteItem(actor, {
        ids: [folder.item.id],
        componentId: repository.folderComponentId,
      });
      return { id: folder.item.id };
    },

    /** The file item (title: the given one or the file's name) in the folder, holding the upload as its document. */
    async addRepositoryFile(actor: ItemActor, body: AddRepositoryFileBody): Promise<RepositoryFile> {
      const repository = await repositoryOrThrow(db, actor, body);
      const id = await db.transaction(async (tx) => {
        const folder = await seenItemOrThrow(tx, actor, repository.folderComponentId, body.folderId);
        if (!folder.writable) throw new AppError('ITEM_EDIT_FORBIDDEN');
        // The actor's own upload only: anyone else's file id is refused like an unknown one.
        const fileName = await uploadedFileName(tx, actor, body.fileId);
        if (fileName === null) throw refused('fileId', actor);
        const title = body.title ?? fileName;
        const saved = await save(tx, actor, {
          componentId: repository.fileComponentId,
          changes: { Title: title },
          create: { projectId: folder.item.projectId, parentId: folder.item.id },
        });
        await deps.attachDocument(tx, actor, {
          itemId: saved.row.id,
          componentId: repository.fileComponentId,
          widgetKey: repository.attachmentsKey,
          fileId: body.fileId,
          fileIndexes: body.fileIndexes ?? {},
        });
        return saved.row.id;
      });
      const page = await filePage(db, actor, repository, eq(runtimeItems.id, id), {
        page: 0,
        rowsPerPage: 1,
      });
      return page.rows[0]!;
    },

    /**
     * A file to another folder of its project, or a folder under another (null: the root); never a folder into
     * itself or one of its subfolders (400 naming targetFolderId). The moved item must be writable by the actor.
     */
    async moveRepositoryEntry(actor: ItemActor, body: MoveRepositoryEntryBody): Promise<{ id: number }> {
      const repository = await repositoryOrThrow(db, actor, body);
      const componentId = body.kind === 'file' ? repository.fileComponentId : repository.folderComponentId;
      await db.transaction(async (tx) => {
        const moved = await seenItemOrThrow(tx, actor, componentId, body.id, { lock: true });
        const projectId = moved.item.projectId ?? 0;
        const target = await writableTarget(tx, actor, repository, projectId, body.targetFolderId);
        if (body.kind === 'folder') {
          if (
            target &&
            (await folderAndDescendants(tx, repository.folderComponentId, moved.item.id)).has(target.item.id)
          )
            throw refused('targetFolderId', actor);
          await checkName(
            tx,
            repository,
            projectId,
            target?.item.id ?? null,
            moved.item.title,
            moved.item.id,
          );
        }
        await save(tx, actor, {
          componentId,
          itemId: moved.item.id,
          changes: {},
          parentId: target?.item.id ?? null,
        });
      });
      return { id: body.id };
    },

    ...createFolderAccess(deps),
  };
}

/** The stored name of a file the actor uploaded, for the file item's title (another's upload: none). */
async function uploadedFileName(tx: Db, actor: ItemActor, fileId: number): Promise<string | null> {
  const [row] = await tx
    .select({ fileName: runtimeFiles.fileName })
    .from(runtimeFiles)
    .where(and(eq(runtimeFiles.id, fileId), eq(runtimeFiles.uploadedBy, actor.userId)))
    .limit(1);
  return row?.fileName ?? null;
}
