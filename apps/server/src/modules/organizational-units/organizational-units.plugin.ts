import { adminOrganizationalUnitRoutes as routes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { adminContextOf } from '../admin-users/admin-context.ts';
import type { OrganizationalUnitsService } from './organizational-units.service.ts';

export const organizationalUnitsPlugin: FastifyPluginAsync<{ service: OrganizationalUnitsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, routes.listOrganizationalUnits, () => service.listOrganizationalUnits());
  registerRoute(app, routes.saveOrganizationalUnit, (request) =>
    service.saveOrganizationalUnit(request.body, adminContextOf(request)),
  );
  registerRoute(app, routes.deleteOrganizationalUnit, (request) =>
    service.deleteOrganizationalUnit(request.body.id, adminContextOf(request)),
  );
};
