import { type AdditionalFieldSaveBody, adminAdditionalFieldRoutes } from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

const KEY = ['admin', 'additionalFields'] as const;

/** Every additional field definition, of every entity, active or not. */
export function useAdditionalFieldList() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall(adminAdditionalFieldRoutes.list, { query: {}, signal }),
  });
}

/** Reloads the definitions (after a save in the dialog). */
export function useReloadAdditionalFields() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** Saves a definition; the caller says what a success and a refusal do. */
export function useSaveAdditionalField(callbacks: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: (body: AdditionalFieldSaveBody) => apiCall(adminAdditionalFieldRoutes.save, { body }),
    ...callbacks,
  });
}

/** Removes a definition; the list reloads after it. */
export function useRemoveAdditionalField(callbacks: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const reload = useReloadAdditionalFields();
  return useMutation({
    mutationFn: (id: number) => apiCall(adminAdditionalFieldRoutes.delete, { body: { id } }),
    onSuccess: () => {
      callbacks.onSuccess();
      void reload();
    },
    onError: callbacks.onError,
  });
}
