import { operationRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { OperationsService } from './operations.service.ts';

/** Spec §7.6 operation calls under /genericItem/. */
export const operationsPlugin: FastifyPluginAsync<{ service: OperationsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, operationRoutes.executeOperationBusinessRule, (request) =>
    service.executeBusinessRule(itemActorOf(request), request.body.operationId),
  );
  registerRoute(app, operationRoutes.executeOperationCallResultFunction, (request) =>
    service.executeCallResult(itemActorOf(request), request.body),
  );
};
