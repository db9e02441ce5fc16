import { type AdminUserRow, adminUserRoutes, type SaveUserBody } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import type { AdminListSource } from '../shared/useAdminList.ts';

/** The user list of the administration (spec §2.11) and the removal of a selection. */
export const ADMIN_USERS: AdminListSource<AdminUserRow> = {
  queryKey: ['admin', 'users'],
  load: (signal) => apiCall(adminUserRoutes.getUsers, { signal }),
  remove: (ids) => apiCall(adminUserRoutes.deleteUsers, { body: { ids } }),
};

/** The choices of the user form: companies, groups, timesheet types. */
export function useUserFormInitialData(userId: number) {
  return useQuery({
    queryKey: ['admin', 'userFormInitialData', userId],
    queryFn: ({ signal }) =>
      apiCall(adminUserRoutes.getUserFormInitialData, { query: { UserId: userId }, signal }),
    retry: false,
  });
}

/** The record to edit (a blank one for id 0); never served from the cache, so a reopened form is current. */
export function useUserToEdit(userId: number) {
  return useQuery({
    queryKey: ['admin', 'userToEdit', userId],
    queryFn: ({ signal }) => apiCall(adminUserRoutes.getUsertoEdit, { query: { UserId: userId }, signal }),
    retry: false,
    gcTime: 0,
  });
}

/** Saves a user; the caller says what a success and a refusal do. */
export function useSaveUser(options: {
  onSuccess: (message: string) => void;
  onError: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: (body: SaveUserBody) => apiCall(adminUserRoutes.saveUser, { body }),
    onSuccess: (result) => options.onSuccess(result.message),
    onError: options.onError,
  });
}
