import { listingRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** The groups and users a folder's access may be granted to (the first 200 of each). */
export function useAccessGrantees() {
  const groups = useQuery({
    queryKey: ['repository-access-groups'],
    queryFn: ({ signal }) => apiCall(listingRoutes.loadGroups, { body: { limit: 200 }, signal }),
  });
  const users = useQuery({
    queryKey: ['repository-access-users'],
    queryFn: ({ signal }) => apiCall(listingRoutes.loadUsers, { body: { limit: 200 }, signal }),
  });
  return { groups, users };
}
