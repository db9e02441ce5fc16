import {
  fileRoutes,
  type RepositoryFile,
  type RepositoryFolder,
  type RepositoryRef,
  repositoryRoutes,
  StoredFileSchema,
} from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';
import { uploadMultipart } from '../../../api/uploadMultipart.ts';

/** Query keys of the repository pages (a write invalidates the repository's whole prefix). */
export const repositoryKeys = {
  all: (ref: RepositoryRef) => ['repository', ref.fileFormId, ref.folderFormId] as const,
  projects: (applicationId: number) => ['repository-projects', applicationId] as const,
  tree: (ref: RepositoryRef, projectId: number) => [...repositoryKeys.all(ref), 'tree', projectId] as const,
  files: (ref: RepositoryRef, projectId: number, folderId: number, page: number, rowsPerPage: number) =>
    [...repositoryKeys.all(ref), 'files', projectId, folderId, page, rowsPerPage] as const,
  search: (
    ref: RepositoryRef,
    projectId: number | undefined,
    text: string,
    page: number,
    rowsPerPage: number,
  ) => [...repositoryKeys.all(ref), 'search', projectId ?? null, text, page, rowsPerPage] as const,
};

export const loadRepositoryProjects = (applicationId: number, signal?: AbortSignal) =>
  apiCall(repositoryRoutes.loadRepositoryProjects, { body: { applicationId }, signal });

export const loadRepository = (ref: RepositoryRef, projectId: number, signal?: AbortSignal) =>
  apiCall(repositoryRoutes.loadRepository, { body: { ...ref, projectId }, signal });

export const loadFolderFiles = (
  ref: RepositoryRef,
  projectId: number,
  folderId: number,
  page: { page: number; rowsPerPage: number },
  signal?: AbortSignal,
) =>
  apiCall(repositoryRoutes.loadRepositoryFiles, { body: { ...ref, projectId, folderId, ...page }, signal });

export const searchFiles = (
  ref: RepositoryRef,
  projectId: number | undefined,
  text: string,
  page: { page: number; rowsPerPage: number },
  signal?: AbortSignal,
) => apiCall(repositoryRoutes.searchRepository, { body: { ...ref, projectId, text, ...page }, signal });

export const createFolder = (ref: RepositoryRef, projectId: number, parentId: number | null, title: string) =>
  apiCall(repositoryRoutes.createRepositoryFolder, { body: { ...ref, projectId, parentId, title } });

export const renameFolder = (ref: RepositoryRef, folderId: number, title: string) =>
  apiCall(repositoryRoutes.renameRepositoryFolder, { body: { ...ref, folderId, title } });

export const deleteFolder = (ref: RepositoryRef, folderId: number) =>
  apiCall(repositoryRoutes.deleteRepositoryFolder, { body: { ...ref, folderId } });

export const moveFile = (ref: RepositoryRef, file: RepositoryFile, targetFolderId: number) =>
  apiCall(repositoryRoutes.moveRepositoryEntry, {
    body: { ...ref, kind: 'file', id: file.id, targetFolderId },
  });

export const moveFolder = (ref: RepositoryRef, folder: RepositoryFolder, targetFolderId: number | null) =>
  apiCall(repositoryRoutes.moveRepositoryEntry, {
    body: { ...ref, kind: 'folder', id: folder.id, targetFolderId },
  });

/** One dropped file: sent by uploadFiles (with progress), then made a file item of the folder. */
export async function uploadToFolder(
  ref: RepositoryRef,
  folderId: number,
  file: File,
  fileIndexes: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<RepositoryFile> {
  const stored = await uploadMultipart({
    route: fileRoutes.uploadFiles,
    file,
    response: StoredFileSchema,
    onProgress,
  });
  return apiCall(repositoryRoutes.addRepositoryFile, {
    body: { ...ref, folderId, fileId: stored.fileId, fileIndexes },
  });
}

export const downloadFile = (itemId: number) =>
  apiCall(repositoryRoutes.downloadRepositoryFile, { query: { itemId } }) as Promise<Blob>;
