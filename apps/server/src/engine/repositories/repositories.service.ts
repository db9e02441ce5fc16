import type {
  LoadRepositoryBody,
  LoadRepositoryFilesBody,
  LoadRepositoryProjectsBody,
  RepositoryFiles,
  RepositoryProjects,
  RepositorySummary,
  RepositoryTree,
  SearchRepositoryBody,
} from '@der/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { findAttachmentsWidget } from '../attachments/attachments-widget.ts';
import { findComponent } from '../definitions/components.repo.ts';
import { contentDisposition } from '../files/file-name.ts';
import { findFileContent, findFileMeta } from '../files/files.repo.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import {
  applicationRepositories,
  type Repository,
  repositoryOfFileComponent,
  repositoryOrThrow,
} from './repository-definitions.ts';
import { currentDocumentOf, filePage, searchCondition } from './repository-files.ts';
import {
  isFolderAccessRestricted,
  seenItemOrThrow,
  seenProjectOrThrow,
  visibleFolders,
} from './repository-items.ts';
import { createRepositoryWrites, type RepositoryWriteDeps } from './repository-writes.ts';

/** A repository as the pages show it, with its documents' file indexes (from the file component's form). */
async function summaryOf(db: Db, repository: Repository): Promise<RepositorySummary> {
  const component = await findComponent(db, repository.fileComponentId);
  const widget = component ? findAttachmentsWidget(component.definition, repository.attachmentsKey) : null;
  return {
    key: repository.key,
    name: repository.name,
    fileFormId: repository.fileFormId,
    folderFormId: repository.folderFormId,
    fileIndexes: widget?.fileIndexes ?? [],
  };
}

/** How many projects loadRepositoryProjects answers at most (by title), as loadProjects. */
const PROJECTS_LIMIT = 1000;

/**
 * Project document repositories (spec §2.9, issue 17; definition repository.ts). Reads go through the visibility
 * rule, whose folder-access part (folder-access.ts) hides folders and files the restricted members were not
 * granted; writes go through the one save (repository-writes.ts).
 */
export function createRepositoriesService(deps: RepositoryWriteDeps) {
  const { db } = deps;

  async function loadRepositoryProjects(
    viewer: ItemActor,
    body: LoadRepositoryProjectsBody,
  ): Promise<RepositoryProjects> {
    const repositories = await applicationRepositories(db, viewer, body.applicationId);
    const componentIds = [...new Set(repositories.map((repository) => repository.projectComponentId))];
    const projects =
      componentIds.length === 0
        ? []
        : await db
            .select({
              id: runtimeItems.id,
              componentId: runtimeItems.componentId,
              formattedId: runtimeItems.formattedId,
              title: runtimeItems.title,
              managerName: users.name,
            })
            .from(runtimeItems)
            .leftJoin(users, eq(users.id, runtimeItems.responsibleId))
            .where(
              and(
                isProjectItem,
                inArray(runtimeItems.componentId, componentIds),
                visibleItemCondition(viewer),
              ),
            )
            .orderBy(asc(sql`lower(${runtimeItems.title})`), asc(runtimeItems.id))
            .limit(PROJECTS_LIMIT);
    return {
      repositories: await Promise.all(repositories.map((repository) => summaryOf(db, repository))),
      projects: projects.map(({ componentId, ...project }) => ({
        ...project,
        repositoryKeys: repositories
          .filter((repository) => repository.projectComponentId === componentId)
          .map((repository) => repository.key),
      })),
    };
  }

  async function loadRepository(viewer: ItemActor, body: LoadRepositoryBody): Promise<RepositoryTree> {
    const repository = await repositoryOrThrow(db, viewer, body);
    const project = await seenProjectOrThrow(db, viewer, repository.projectComponentId, body.projectId);
    const restricted = await isFolderAccessRestricted(db, viewer, project.item.id);
    return {
      repository: await summaryOf(db, repository),
      project: { id: project.item.id, formattedId: project.item.formattedId, title: project.item.title },
      canCreateRoot: project.writable && !restricted,
      canManageAccess: viewer.isAdministrator || project.item.responsibleId === viewer.userId,
      folders: await visibleFolders(db, viewer, repository.folderComponentId, project.item.id),
    };
  }

  async function loadRepositoryFiles(
    viewer: ItemActor,
    body: LoadRepositoryFilesBody,
  ): Promise<RepositoryFiles> {
    const repository = await repositoryOrThrow(db, viewer, body);
    const folder = await seenItemOrThrow(db, viewer, repository.folderComponentId, body.folderId, {
      projectId: body.projectId,
    });
    return filePage(db, viewer, repository, eq(runtimeItems.parentId, folder.item.id), {
      page: body.page ?? 0,
      rowsPerPage: body.rowsPerPage ?? 25,
    });
  }

  /**
   * In one project, or across every project of the repository (repositoryView). Folder access applies through
   * the visibility rule: a file in a folder the caller was not granted is never found.
   */
  async function searchRepository(viewer: ItemActor, body: SearchRepositoryBody): Promise<RepositoryFiles> {
    const repository = await repositoryOrThrow(db, viewer, body);
    // Across projects the inner runtime_items is aliased: the outer one is named by the visibility rule.
    const scope: SQL =
      body.projectId === undefined
        ? sql`${runtimeItems.projectId} in (select pr.id from runtime_items as pr where pr.component_id = ${repository.projectComponentId})`
        : eq(
            runtimeItems.projectId,
            (await seenProjectOrThrow(db, viewer, repository.projectComponentId, body.projectId)).item.id,
          );
    const where = and(scope, searchCondition(repository, body.text ?? '', body.fileIndex));
    return filePage(db, viewer, repository, where, {
      page: body.page ?? 0,
      rowsPerPage: body.rowsPerPage ?? 25,
    });
  }

  /** The current version of a file item's document: 404 unless the caller may see the item (folder access too). */
  async function downloadRepositoryFile(viewer: ItemActor, itemId: number) {
    const [row] = await db
      .select({ componentId: runtimeItems.componentId })
      .from(runtimeItems)
      .where(and(eq(runtimeItems.id, itemId), visibleItemCondition(viewer)))
      .limit(1);
    const repository = row ? await repositoryOfFileComponent(db, viewer, row.componentId) : null;
    const document = repository ? await currentDocumentOf(db, repository, itemId) : null;
    const file = document ? await findFileMeta(db, document.fileId) : null;
    const content = file ? await findFileContent(db, deps.fileStore, file.id) : null;
    if (!file || !content) throw new AppError('NOT_FOUND');
    return { file, content, disposition: contentDisposition('attachment', file.fileName) };
  }

  return {
    loadRepositoryProjects,
    loadRepository,
    loadRepositoryFiles,
    searchRepository,
    downloadRepositoryFile,
    ...createRepositoryWrites(deps),
  };
}
export type RepositoriesService = ReturnType<typeof createRepositoriesService>;
