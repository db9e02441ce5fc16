import {
  permissionarioRoutes,
  type RegisterPermissionarioBody,
  type RegisterRequerenteBody,
  requerenteRoutes,
} from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';
import type { useAdditionalFields } from './AdditionalFieldsSection.tsx';

type AdditionalFields = ReturnType<typeof useAdditionalFields>;

/** users of the right-of-way application: registerNewPermissionario, with the entity's additional fields. */
export function useRegisterPermissionario(additional: AdditionalFields) {
  return useMutation({
    mutationFn: (body: RegisterPermissionarioBody) =>
      apiCall(permissionarioRoutes.registerNewPermissionario, {
        body: { ...body, additionalFields: additional.values(body.additionalFields) },
      }),
  });
}

/** AET applicants: registerNewRequerente, with the entity's additional fields. */
export function useRegisterRequerente(additional: AdditionalFields) {
  return useMutation({
    mutationFn: (body: RegisterRequerenteBody) =>
      apiCall(requerenteRoutes.registerNewRequerente, {
        body: { ...body, additionalFields: additional.values(body.additionalFields) },
      }),
  });
}

/** The requester types the AET registration offers (loaded before the form shows). */
export function useRequerenteTipos() {
  return useQuery({
    queryKey: ['requerente', 'tipos'],
    queryFn: () => apiCall(requerenteRoutes.getTipos),
    retry: false,
  });
}
