import { addressRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { CepProvider } from './cep-provider.ts';

/** Spec §7.6 getAddressByZipCode: the address block of forms fills itself from the CEP. */
export const addressPlugin: FastifyPluginAsync<{ provider: CepProvider }> = async (app, { provider }) => {
  registerRoute(app, addressRoutes.getAddressByZipCode, (request) => provider.lookup(request.query.zip));
};
