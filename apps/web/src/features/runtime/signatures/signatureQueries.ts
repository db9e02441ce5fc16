import { signatureRoutes } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';

/** The caller's kept A1 (subject and validity; null: none kept). */
export function useMyCertificate() {
  return useQuery({
    queryKey: ['signatures', 'myCertificate'],
    queryFn: () => apiCall(signatureRoutes.loadMyCertificate, {}),
  });
}

/**
 * The submit of a signature dialog: `run` does the call, `onDone` receives its answer; while it runs the dialog
 * is busy, and its failure is the dialog's message.
 */
export function useAttachmentCall<T>(run: () => Promise<T>, onDone: (answer: T) => void) {
  const mutation = useMutation({ mutationFn: run, onSuccess: onDone });
  return {
    submit: () => mutation.mutate(),
    busy: mutation.isPending,
    error: mutation.error ? getErrorMessage(mutation.error) : null,
  };
}
