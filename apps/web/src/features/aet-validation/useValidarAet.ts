import { requerenteRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

/** The public check of an issued AET by the uid of its QR code; an unknown uid is answered once, not retried. */
export function useValidarAet(uid: string) {
  return useQuery({
    queryKey: ['aet', 'validar', uid],
    queryFn: () => apiCall(requerenteRoutes.validarAET, { query: { uid } }),
    enabled: uid !== '',
    retry: false,
  });
}
