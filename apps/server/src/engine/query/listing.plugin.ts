import { listingRoutes } from '@der/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { canRunBulkOperations } from '../items/bulk-operations-access.ts';
import type { ListingService, ListViewer } from './listing.service.ts';

export function listViewerOf(request: FastifyRequest): ListViewer {
  const session = sessionOf(request);
  return {
    userId: session.userId,
    isAdministrator: session.isAdministrator,
    language: pickLanguage(request.headers['accept-language']),
    // Field read permissions ('external' grants) hide columns per row (row-display.ts).
    kind: session.kind,
  };
}

/** Spec §7.6 listing and loading calls under /genericItem/ (the read side of the runtime engine). */
export const listingPlugin: FastifyPluginAsync<{ service: ListingService }> = async (app, { service }) => {
  registerRoute(app, listingRoutes.getListControlData, async (request) => {
    const mayRunBulkOperations = canRunBulkOperations(sessionOf(request));
    return {
      ...(await service.getListControlData(listViewerOf(request), request.query)),
      canBulkUpdate: mayRunBulkOperations,
      canImport: mayRunBulkOperations,
    };
  });
  registerRoute(app, listingRoutes.executeFilter, (request) =>
    service.executeFilter(listViewerOf(request), request.body),
  );
  registerRoute(app, listingRoutes.loadGenericItems, async (request) => ({
    items: await service.loadGenericItems(listViewerOf(request), request.body),
  }));
  registerRoute(app, listingRoutes.searchItemsByQuery, async (request) => ({
    items: await service.searchItemsByQuery(listViewerOf(request), request.body),
  }));
  registerRoute(app, listingRoutes.getAllowedsProjectItemTypes, (request) =>
    service.getAllowedsProjectItemTypes(listViewerOf(request), request.query.projectId),
  );
  registerRoute(app, listingRoutes.getComponentByName, (request) =>
    service.getComponentByName(listViewerOf(request), request.query.name),
  );
  registerRoute(app, listingRoutes.loadUsers, async (request) => ({
    users: await service.loadUsers(request.body),
  }));
  registerRoute(app, listingRoutes.loadOrganizationalStructures, async (request) => ({
    structures: await service.loadOrganizationalStructures(request.body),
  }));
  registerRoute(app, listingRoutes.loadGroups, async (request) => ({
    groups: await service.loadGroups(request.body),
  }));
  registerRoute(app, listingRoutes.loadPicklistItems, async (request) => ({
    items: await service.loadPicklistItems(listViewerOf(request), request.body),
  }));
  registerRoute(app, listingRoutes.loadCompanies, async (request) => ({
    companies: await service.loadCompanies(request.body),
  }));
};
