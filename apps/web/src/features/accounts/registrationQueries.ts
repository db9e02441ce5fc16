import {
  permissionarioRoutes,
  type RegisterPermissionarioBody,
  type RegisterRequerenteBody,
  requerenteRoutes,
} from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';
import type { useAdditionalFields } from './useAdditionalFields.ts';

type AdditionalFields = ReturnType<typeof useAdditionalFields>;

/** The body of each registration, by the entity of its additional fields. */
export interface RegistrationBodies {
  requerente: RegisterRequerenteBody;
  permissionario: RegisterPermissionarioBody;
}
export type RegistrationEntity = keyof RegistrationBodies;

const SEND: { [E in RegistrationEntity]: (body: RegistrationBodies[E]) => Promise<unknown> } = {
  /** AET applicants. */
  requerente: (body) => apiCall(requerenteRoutes.registerNewRequerente, { body }),
  /** Users of the right-of-way application. */
  permissionario: (body) => apiCall(permissionarioRoutes.registerNewPermissionario, { body }),
};

/** Sends a registration of the entity, with the entity's additional fields converted for the server. */
export function useRegister<E extends RegistrationEntity>(entity: E, additional: AdditionalFields) {
  return useMutation({
    mutationFn: (body: RegistrationBodies[E]) =>
      SEND[entity]({ ...body, additionalFields: additional.values(body.additionalFields) }),
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
