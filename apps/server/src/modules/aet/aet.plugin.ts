import { requerenteRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { type RateLimitHook, withRateLimit } from '../accounts/accounts.plugin.ts';
import type { AetService } from './aet.service.ts';

/** Public AET validation (spec §2.5, §7.1): the flag and the masked PDF. */
export const aetPlugin: FastifyPluginAsync<{ service: AetService; rateLimit?: RateLimitHook }> = async (
  app,
  { service, rateLimit },
) => {
  // Public and unauthenticated: limited per IP so the uid space cannot be swept and PDFs not rendered in bulk.
  await withRateLimit(app, rateLimit, (scope) => {
    registerRoute(scope, requerenteRoutes.validarAET, (request) => service.validate(request.query.uid));
    registerRoute(scope, requerenteRoutes.aetPdf, async (request, reply) => {
      const { fileName, pdf } = await service.renderPublicPdf(request.query.uid);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    });
  });
};
