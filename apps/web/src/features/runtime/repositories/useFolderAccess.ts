import { type RepositoryRef, repositoryRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** Who may see and write in one folder; a refusal is shown at once, not retried. */
export function useFolderAccess(repositoryRef: RepositoryRef, folderId: number) {
  return useQuery({
    queryKey: ['repository-folder-access', folderId],
    queryFn: ({ signal }) =>
      apiCall(repositoryRoutes.loadFolderAccess, { body: { ...repositoryRef, folderId }, signal }),
    retry: false,
  });
}
