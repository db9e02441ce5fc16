import { adminTermsRoutes, TERMS_PDF_MAX_BYTES } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { API_PREFIX, registerRoute } from '../../infra/http/register-route.ts';
import type { AdminTermsService } from './admin-terms.service.ts';

/** Room for a 10 MiB PDF in base64 (4/3) plus the JSON around it; the decoded size is checked exactly. */
const PUBLISH_BODY_LIMIT = Math.ceil((TERMS_PDF_MAX_BYTES * 4) / 3) + 64 * 1024;

export const adminTermsPlugin: FastifyPluginAsync<{ service: AdminTermsService }> = async (
  app,
  { service },
) => {
  // Only the publish route of this (encapsulated) plugin takes a body larger than the server's default.
  app.addHook('onRoute', (route) => {
    if (route.url === `${API_PREFIX}${adminTermsRoutes.publish.path}`) route.bodyLimit = PUBLISH_BODY_LIMIT;
  });
  const actor = (request: Parameters<typeof sessionOf>[0]) => ({
    userId: sessionOf(request).userId,
    ip: request.ip,
  });
  registerRoute(app, adminTermsRoutes.publish, (request) => service.publish(request.body, actor(request)));
  registerRoute(app, adminTermsRoutes.list, () => service.list());
  registerRoute(app, adminTermsRoutes.download, async (request, reply) => {
    const { fileName, pdf } = await service.download(request.query.version);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
