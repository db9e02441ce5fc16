import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  DeleteOrganizationalUnitBodySchema,
  OrganizationalUnitSchema,
  SaveOrganizationalUnitBodySchema,
  SaveOrganizationalUnitResponseSchema,
} from './organizational-units.schemas.ts';
import { AdminSuccessSchema } from './users.schemas.ts';

/** The organisational structure (/administration/organization): the values of ORGANIZATIONAL_STRUCTURE fields. */
export const adminOrganizationalUnitRoutes = {
  listOrganizationalUnits: defineRoute({
    method: 'POST',
    path: '/organizationalUnit/list',
    access: 'admin',
    summary: 'Every unit, active or not, flat with its parentId, by name',
    tags: ['administration'],
    response: z.array(OrganizationalUnitSchema),
  }),
  saveOrganizationalUnit: defineRoute({
    method: 'POST',
    path: '/organizationalUnit/save',
    access: 'admin',
    summary:
      'Creates (id 0) or changes a unit; a parent that is the unit or below it 400, a sibling of the same name 400, a stale version 409',
    tags: ['administration'],
    body: SaveOrganizationalUnitBodySchema,
    response: SaveOrganizationalUnitResponseSchema,
  }),
  deleteOrganizationalUnit: defineRoute({
    method: 'POST',
    path: '/organizationalUnit/delete',
    access: 'admin',
    summary: 'Deletes a unit; 409 while it has child units or an item holds it',
    tags: ['administration'],
    body: DeleteOrganizationalUnitBodySchema,
    response: AdminSuccessSchema,
  }),
};
