import { adminEmailServerRoutes, type EmailServerSaveBody } from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

const KEY = ['admin', 'emailServer'] as const;

/** The SMTP settings as stored (the password never comes back) and where they come from. */
export function useEmailServer() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall(adminEmailServerRoutes.get, { signal }),
  });
}

/** Saves the SMTP settings; the saved ones replace the loaded ones. */
export function useSaveEmailServer(callbacks: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailServerSaveBody) => apiCall(adminEmailServerRoutes.save, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}

/** Sends a test e-mail; the answer holds the server's reply. */
export function useSendTestEmail(callbacks: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: (to: string) => apiCall(adminEmailServerRoutes.sendTest, { body: { to } }),
    onError: callbacks.onError,
  });
}
