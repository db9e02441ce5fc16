import { type AdminGroupRow, adminGroupRoutes, type SaveGroupBody } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import type { AdminListSource } from '../shared/useAdminList.ts';

/** The groups of the administration (spec §2.11) and the removal of a selection. */
export const ADMIN_GROUPS: AdminListSource<AdminGroupRow> = {
  queryKey: ['admin', 'groups'],
  load: (signal) => apiCall(adminGroupRoutes.getGroups, { signal }),
  remove: (ids) => apiCall(adminGroupRoutes.deleteGroups, { body: { ids } }),
};

/** The choices of the group form: the users and the applications. */
export function useGroupFormInitialData() {
  return useQuery({
    queryKey: ['admin', 'groupFormInitialData'],
    queryFn: ({ signal }) => apiCall(adminGroupRoutes.getGroupFormInitialData, { signal }),
    retry: false,
  });
}

/** The group to edit (none for id 0); never served from the cache. */
export function useGroup(groupId: number) {
  return useQuery({
    queryKey: ['admin', 'group', groupId],
    queryFn: ({ signal }) => apiCall(adminGroupRoutes.getGroup, { query: { GroupId: groupId }, signal }),
    enabled: groupId > 0,
    retry: false,
    gcTime: 0,
  });
}

/** Saves name, members and applications in one call: the server stores all of them or none. */
export function useSaveGroup(options: {
  onSuccess: (message: string) => void;
  onError: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: (body: SaveGroupBody) => apiCall(adminGroupRoutes.saveGroup, { body }),
    onSuccess: (result) => options.onSuccess(result.message),
    onError: options.onError,
  });
}
