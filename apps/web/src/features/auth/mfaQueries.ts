import { usersRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

/** The authenticator set-up of the signed-in user (QR code and key): read once for the page, never cached. */
export function useMfaData() {
  return useQuery({
    queryKey: ['users', 'mfaData'],
    queryFn: () => apiCall(usersRoutes.getMFAData, { redirectOnUnauthorized: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
