import { defineRoute } from '../../common/route.ts';
import { AddressByZipSchema, ZipQuerySchema } from './address.schemas.ts';

/**
 * Spec §7.6 getAddressByZipCode (GET: zip). A CEP that does not exist answers 404 CEP_NOT_FOUND and a provider
 * that is down 503 CEP_SERVICE_UNAVAILABLE; both messages tell the user to fill the address in by hand, which
 * the form always allows.
 */
export const addressRoutes = {
  getAddressByZipCode: defineRoute({
    method: 'GET',
    path: '/genericItem/getAddressByZipCode',
    access: 'session',
    summary: 'Looks up the address of a CEP (ViaCEP-style provider, with a fallback)',
    tags: ['generic items'],
    querystring: ZipQuerySchema,
    response: AddressByZipSchema,
  }),
};
