import type { RepositoryRef } from '@der/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { repositoryKeys, searchFiles } from './repositoryQueries.ts';

/** One page of a repository's files across all projects matching `search`; idle until a repository is known. */
export function useRepositorySearch(
  repository: RepositoryRef | undefined,
  search: string,
  page: number,
  rowsPerPage: number,
) {
  return useQuery({
    queryKey: repository
      ? repositoryKeys.search(repository, undefined, search, page, rowsPerPage)
      : ['repository-view', 'none'],
    queryFn: ({ signal }) => searchFiles(repository!, undefined, search, { page, rowsPerPage }, signal),
    enabled: repository !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
