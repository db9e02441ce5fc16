import { signatureRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

/**
 * The public check of a signed document by its uid (at least 8 characters), and, once a file was chosen, whether
 * it is that document (its SHA-256).
 */
export function useValidarDocumento(uid: string, sha256: string | null) {
  return useQuery({
    queryKey: ['validarDocumento', uid, sha256],
    queryFn: () =>
      apiCall(signatureRoutes.validarDocumento, { query: { uid, ...(sha256 ? { sha256 } : {}) } }),
    enabled: uid.length >= 8,
    retry: false,
  });
}
