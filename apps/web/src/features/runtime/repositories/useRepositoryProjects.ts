import { useQuery } from '@tanstack/react-query';
import { loadRepositoryProjects, repositoryKeys } from './repositoryQueries.ts';

/** The projects and repositories of one application; nothing is asked before the application id is known. */
export function useRepositoryProjects(applicationId: number) {
  return useQuery({
    queryKey: repositoryKeys.projects(applicationId),
    queryFn: ({ signal }) => loadRepositoryProjects(applicationId, signal),
    enabled: applicationId > 0,
    retry: false,
  });
}
