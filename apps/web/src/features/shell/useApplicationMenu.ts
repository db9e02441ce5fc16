import { applicationRoutes } from '@der/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

export const applicationMenuQueryKey = (appId: string) => ['shell', 'menu', appId] as const;

function applicationMenuQuery(appID: string) {
  return queryOptions({
    queryKey: applicationMenuQueryKey(appID),
    queryFn: ({ signal }) =>
      apiCall(applicationRoutes.getApplicationMenu, { query: { appID: Number(appID) }, signal }),
    retry: false,
    staleTime: 60_000,
  });
}

/** The menu asked for on arrival, alongside the shell's code (app/routePreload.ts). */
export function prefetchApplicationMenu(queryClient: QueryClient, appID: string): Promise<void> {
  return queryClient.prefetchQuery(applicationMenuQuery(appID));
}

/** An application's menu and the application itself; nothing is asked for an appID that is not a number. */
export function useApplicationMenu(appID: string) {
  return useQuery({ ...applicationMenuQuery(appID), enabled: /^\d+$/.test(appID) });
}
