import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  CompanyIdQuerySchema,
  CompanyRowSchema,
  CompanySchema,
  SaveCompanyBodySchema,
  SaveCompanyResponseSchema,
} from './companies.schemas.ts';
import { AdminSuccessSchema, IdsBodySchema } from './users.schemas.ts';

/** Companies (§2.11 /administration/companies): CRUD; users join a company from the user form. */
export const adminCompanyRoutes = {
  getCompanies: defineRoute({
    method: 'POST',
    path: '/company/getCompanies',
    access: 'admin',
    summary: 'Every company with its user count, by name',
    tags: ['administration'],
    response: z.array(CompanyRowSchema),
  }),
  getCompany: defineRoute({
    method: 'GET',
    path: '/company/getCompany',
    access: 'admin',
    summary: 'A company with its users',
    tags: ['administration'],
    querystring: CompanyIdQuerySchema,
    response: CompanySchema,
  }),
  saveCompany: defineRoute({
    method: 'POST',
    path: '/company/saveCompany',
    access: 'admin',
    summary: 'Creates (id 0) or changes a company; invalid CNPJ 400, duplicate CNPJ 409',
    tags: ['administration'],
    body: SaveCompanyBodySchema,
    response: SaveCompanyResponseSchema,
  }),
  deleteCompanies: defineRoute({
    method: 'POST',
    path: '/company/deleteCompanies',
    access: 'admin',
    summary: 'Deletes companies; their users stay, without a company',
    tags: ['administration'],
    body: IdsBodySchema,
    response: AdminSuccessSchema,
  }),
};
