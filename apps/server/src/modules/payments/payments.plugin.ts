import { paymentRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { itemActorOf } from '../../engine/items/items.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { PaymentsService } from './payments.service.ts';
import { PAYMENT_WEBHOOK_PATH } from './webhook-signature.ts';

/** The item's charge for the payer, and the provider's signed notification of a payment. */
export const paymentsPlugin: FastifyPluginAsync<{ service: PaymentsService }> = async (app, { service }) => {
  registerRoute(app, paymentRoutes.paymentState, (request) =>
    service.state(itemActorOf(request), request.query.componentId, request.query.itemId),
  );
  registerRoute(app, paymentRoutes.createCharge, (request) =>
    service.charge(itemActorOf(request), request.body.componentId, request.body.itemId, request.body.method),
  );
  await app.register(async (scope) => {
    // The HMAC is over the bytes as sent: the body is kept raw in this scope only.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 16_384 },
      (_r, body, done) => done(null, body),
    );
    scope.post(PAYMENT_WEBHOOK_PATH, async (request, reply) => {
      await service.webhook(request.body as Buffer, request.headers);
      return reply.status(204).send();
    });
  });
};
