import { permissionarioRoutes, requerenteRoutes } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

export type AccountKind = 'permissionario' | 'requerente';

const ROUTES = { permissionario: permissionarioRoutes, requerente: requerenteRoutes } as const;

/** The account an e-mailed activation token names (1 when it is already active). */
export function useAccountByToken(kind: AccountKind, token: string) {
  return useQuery({
    queryKey: ['accounts', kind, 'byToken', token],
    queryFn: () => apiCall(ROUTES[kind].getByToken, { body: { token } }),
    // A link without its token (cut short when copied) cannot find an account: say so, ask the server nothing.
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
}

/** Activates the account of the token. */
export function useActivateAccount(kind: AccountKind, token: string) {
  return useMutation({ mutationFn: () => apiCall(ROUTES[kind].activate, { query: { token } }) });
}
