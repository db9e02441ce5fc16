import { adminPlanRoutes, type SavePlanBody } from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

const KEY = ['admin', 'plan'] as const;

/** The contracted plan: its limits and the current usage. */
export function usePlan() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall(adminPlanRoutes.getPlan, { signal }),
    retry: false,
  });
}

/** Saves the plan's name and limits; the saved plan replaces the loaded one. */
export function useSavePlan(callbacks: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePlanBody) => apiCall(adminPlanRoutes.savePlan, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}
