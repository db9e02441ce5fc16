import { applicationRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

export const ALLOWED_APPLICATIONS_QUERY_KEY = ['shell', 'applications'] as const;

/** The applications the user may open (spec §2.8); shared by the chooser and the top bar. */
export function useAllowedApplications() {
  return useQuery({
    queryKey: ALLOWED_APPLICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => apiCall(applicationRoutes.getAllowedApplications, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
