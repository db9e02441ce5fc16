import type { RepositoryRef } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { loadRepository, repositoryKeys } from './repositoryQueries.ts';

/** A project's repository: the folders the user may see, with their rights. */
export function useRepositoryTree(repositoryRef: RepositoryRef, projectId: number) {
  return useQuery({
    queryKey: repositoryKeys.tree(repositoryRef, projectId),
    queryFn: ({ signal }) => loadRepository(repositoryRef, projectId, signal),
    enabled: projectId > 0 && repositoryRef.fileFormId > 0,
    retry: false,
  });
}
