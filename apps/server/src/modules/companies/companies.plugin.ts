import { adminCompanyRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { adminContextOf } from '../admin-users/admin-context.ts';
import type { CompaniesService } from './companies.service.ts';

export const companiesPlugin: FastifyPluginAsync<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  registerRoute(app, adminCompanyRoutes.getCompanies, () => service.listCompanies());
  registerRoute(app, adminCompanyRoutes.getCompany, (request) => service.getCompany(request.query.CompanyId));
  registerRoute(app, adminCompanyRoutes.saveCompany, (request) =>
    service.saveCompany(request.body, adminContextOf(request)),
  );
  registerRoute(app, adminCompanyRoutes.deleteCompanies, (request) =>
    service.deleteCompanies(request.body.ids, adminContextOf(request)),
  );
};
