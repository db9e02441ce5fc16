import { formRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { FormsService } from './forms.service.ts';

/** Spec §7.6 form calls under /genericItem/: forms, initial data, saving with rules, refresh, history. */
export const formsPlugin: FastifyPluginAsync<{ service: FormsService }> = async (app, { service }) => {
  registerRoute(app, formRoutes.getForm, (request) => service.getForm(itemActorOf(request), request.query));
  registerRoute(app, formRoutes.getFormInitialData, (request) =>
    service.getFormInitialData(itemActorOf(request), request.query.componentId, request.query.formId),
  );
  registerRoute(app, formRoutes.saveItem, (request) => service.saveItem(itemActorOf(request), request.body));
  registerRoute(app, formRoutes.refreshItem, (request) =>
    service.refreshItem(itemActorOf(request), request.body.itemId, request.body.componentId),
  );
  registerRoute(app, formRoutes.executeFormBusinessRule, (request) =>
    service.executeFormBusinessRule(itemActorOf(request), request.body),
  );
  registerRoute(app, formRoutes.getHistory, (request) =>
    service.getHistory(itemActorOf(request), request.query.itemId, false),
  );
  registerRoute(app, formRoutes.getHistoryFull, (request) =>
    service.getHistory(itemActorOf(request), request.query.itemId, true),
  );
  registerRoute(app, formRoutes.getChangesSinceCorrection, (request) =>
    service.getChangesSinceCorrection(itemActorOf(request), request.query.itemId),
  );
  registerRoute(app, formRoutes.getAttributeChanges, (request) =>
    service.getAttributeChanges(itemActorOf(request), request.query),
  );
  registerRoute(app, formRoutes.showHideField, (request) =>
    service.showHideField(itemActorOf(request), request.body),
  );
};
