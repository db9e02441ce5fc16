import { Readable } from 'node:stream';
import { adminAuditRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { AdminAuditService } from './admin-audit.service.ts';

export const adminAuditPlugin: FastifyPluginAsync<{ service: AdminAuditService; now: () => Date }> = async (
  app,
  { service, now },
) => {
  const actor = (request: Parameters<typeof sessionOf>[0]) => ({
    userId: sessionOf(request).userId,
    ip: request.ip,
  });
  registerRoute(app, adminAuditRoutes.list, (request) => service.list(request.body));
  registerRoute(app, adminAuditRoutes.exportCsv, async (request, reply) => {
    await service.recordExport(actor(request), request.query);
    const day = now().toISOString().slice(0, 10).replaceAll('-', '');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="trilha-de-auditoria-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(service.exportCsv(request.query)));
  });
  registerRoute(app, adminAuditRoutes.verify, (request) => service.verify(actor(request)));
};
