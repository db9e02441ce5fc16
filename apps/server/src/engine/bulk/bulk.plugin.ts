import { bulkRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { assertCanRunBulkOperations } from '../items/bulk-operations-access.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { BulkService } from './bulk.service.ts';

/** Spec §7.6 executeBulkOperation and the calls that follow a bulk job, under /genericItem/. */
export const bulkPlugin: FastifyPluginAsync<{ service: BulkService }> = async (app, { service }) => {
  registerRoute(app, bulkRoutes.executeBulkOperation, (request) => {
    assertCanRunBulkOperations(sessionOf(request));
    return service.executeBulkOperation(itemActorOf(request), request.body);
  });
  registerRoute(app, bulkRoutes.getBulkOptions, (request) => {
    assertCanRunBulkOperations(sessionOf(request));
    return service.getBulkOptions(itemActorOf(request), request.body.componentId);
  });
  registerRoute(app, bulkRoutes.loadBulkResponsibles, (request) => {
    assertCanRunBulkOperations(sessionOf(request));
    return service.loadBulkResponsibles(itemActorOf(request), request.body);
  });
  registerRoute(app, bulkRoutes.getBulkJob, (request) =>
    service.getBulkJob(itemActorOf(request), request.body.id),
  );
  registerRoute(app, bulkRoutes.listBulkJobs, async (request) => ({
    jobs: await service.listBulkJobs(itemActorOf(request), request.body),
  }));
  registerRoute(app, bulkRoutes.interruptBulkJob, (request) =>
    service.interruptBulkJob(itemActorOf(request), request.body.id),
  );
  registerRoute(app, bulkRoutes.retryBulkJob, (request) =>
    service.retryBulkJob(itemActorOf(request), request.body.id),
  );
};
