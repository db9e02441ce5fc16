import { adminOrganizationalUnitRoutes, type SaveOrganizationalUnitBody } from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

const KEY = ['admin', 'organizationalUnits'] as const;

/** Every organisational unit (the page orders them as a tree). */
export function useOrganizationalUnits() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall(adminOrganizationalUnitRoutes.listOrganizationalUnits, { signal }),
  });
}

/** Reloads the units (after a save in the dialog). */
export function useReloadOrganizationalUnits() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** Removes a unit; the server's message is the notice; the units reload after it. */
export function useRemoveOrganizationalUnit(callbacks: {
  onSuccess: (message: string) => void;
  onError: (error: Error) => void;
}) {
  const reload = useReloadOrganizationalUnits();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(adminOrganizationalUnitRoutes.deleteOrganizationalUnit, { body: { id } }),
    onSuccess: (result) => {
      callbacks.onSuccess(result.message);
      void reload();
    },
    onError: callbacks.onError,
  });
}

/** Saves a unit; the caller says what a success and a refusal do. */
export function useSaveOrganizationalUnit(callbacks: {
  onSuccess: (message: string) => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: (body: SaveOrganizationalUnitBody) =>
      apiCall(adminOrganizationalUnitRoutes.saveOrganizationalUnit, { body }),
    onSuccess: (result) => callbacks.onSuccess(result.message),
    onError: callbacks.onError,
  });
}
