import { printLayoutRoutes } from '@der/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { PrintedDocument, PrintLayoutsService } from './print-layouts.service.ts';

/** Inline, so the viewer shows it; the name is kept for "download". Never cached: it is the item of now. */
function sendPdf(reply: FastifyReply, document: PrintedDocument) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(document.fileName)}`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(document.pdf));
}

/** Spec §7.7 print frame (/PrintLayoutViewer) and the administrators' layout preview. */
export const printLayoutsPlugin: FastifyPluginAsync<{ service: PrintLayoutsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, printLayoutRoutes.printLayoutViewer, async (request, reply) =>
    sendPdf(reply, await service.printItemLayout(itemActorOf(request), request.query)),
  );
  registerRoute(app, printLayoutRoutes.previewPrintLayout, async (request, reply) =>
    sendPdf(reply, await service.previewLayout(itemActorOf(request), request.body)),
  );
};
