import { usersRoutes } from '@der/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/apiClient.ts';
import { PLATFORM_SETTINGS_QUERY_KEY } from '../../app/usePlatformSettings.ts';
import { clearStoredSession, readStoredSession } from '../session/sessionStorage.ts';

/** Ends the session on the server; a failure (already expired, offline) must not keep the user signed in. */
export async function requestLogout(): Promise<void> {
  await apiCall(usersRoutes.logout, { redirectOnUnauthorized: false }).catch(() => undefined);
}

/**
 * Logout for the session shell (spec §2.10, §4): logout request, stored data cleared, then back to the login
 * page the user came from (or '/'). Cached user data is dropped; the public platform settings stay.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const loginPage = readStoredSession()?.loginPage || '/';
    await requestLogout();
    clearStoredSession();
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== PLATFORM_SETTINGS_QUERY_KEY[0],
    });
    navigate(loginPage, { replace: true });
  }, [navigate, queryClient]);
}
