import type { RepositoryRef } from '@der/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loadFolderFiles, repositoryKeys, searchFiles } from './repositoryQueries.ts';

/**
 * One page of a folder's files, or, while `search` holds text, of the project's files matching it. The previous
 * page stays on screen while the next one loads.
 */
export function useFolderFiles(
  repositoryRef: RepositoryRef,
  projectId: number,
  folderId: number | null,
  search: string,
  page: number,
  rowsPerPage: number,
) {
  const searching = search !== '';
  const paging = { page, rowsPerPage };
  return useQuery({
    queryKey: searching
      ? repositoryKeys.search(repositoryRef, projectId, search, page, rowsPerPage)
      : repositoryKeys.files(repositoryRef, projectId, folderId ?? 0, page, rowsPerPage),
    queryFn: ({ signal }) =>
      searching
        ? searchFiles(repositoryRef, projectId, search, paging, signal)
        : loadFolderFiles(repositoryRef, projectId, folderId ?? 0, paging, signal),
    enabled: searching || folderId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
