import { workflowRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { WorkflowService } from './workflow.service.ts';

/** Spec §7.6 Workflow calls and the pending work and delegations of issue 15, under /genericItem/. */
export const workflowPlugin: FastifyPluginAsync<{ service: WorkflowService }> = async (app, { service }) => {
  registerRoute(app, workflowRoutes.getActions, (request) =>
    service.getActions(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.validateByRule, (request) =>
    service.validateByRule(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.loadResponsibles, (request) =>
    service.loadResponsibles(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.executeTaskAction, (request) =>
    service.executeTaskAction(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.triggerAction, (request) =>
    service.triggerAction(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.loadPendingWork, (request) =>
    service.loadPendingWork(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.loadDelegations, (request) =>
    service.loadDelegations(itemActorOf(request)),
  );
  registerRoute(app, workflowRoutes.saveDelegation, (request) =>
    service.saveDelegation(itemActorOf(request), request.body),
  );
  registerRoute(app, workflowRoutes.deleteDelegation, (request) =>
    service.deleteDelegation(itemActorOf(request), request.body.id),
  );
};
