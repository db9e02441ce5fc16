import { aetRequestRoutes, requerenteRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { itemActorOf } from '../../engine/items/items.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { type RateLimitHook, withRateLimit } from '../accounts/accounts.plugin.ts';
import type { AetService } from './aet.service.ts';
import type { AetRequestCopies } from './copy-request.ts';

/** Public AET validation (spec §2.5, §7.1) and the requerente's copy and renewal of their requests. */
export const aetPlugin: FastifyPluginAsync<{
  service: AetService;
  copies: AetRequestCopies;
  rateLimit?: RateLimitHook;
}> = async (app, { service, copies, rateLimit }) => {
  // Public and unauthenticated: limited per IP so the uid space cannot be swept and PDFs not rendered in bulk.
  await withRateLimit(app, rateLimit, (scope) => {
    registerRoute(scope, requerenteRoutes.validarAET, (request) => service.validate(request.query.uid));
    registerRoute(scope, requerenteRoutes.aetPdf, async (request, reply) => {
      const { fileName, pdf } = await service.renderPublicPdf(request.query.uid);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    });
  });
  registerRoute(app, aetRequestRoutes.copiarSolicitacao, (request) =>
    copies.copy(itemActorOf(request), request.body.itemId),
  );
  registerRoute(app, aetRequestRoutes.renovarAet, (request) =>
    copies.renew(itemActorOf(request), request.body.itemId),
  );
};
