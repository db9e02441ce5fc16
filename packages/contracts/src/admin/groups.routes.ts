import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  AdminGroupRowSchema,
  AdminGroupSchema,
  GroupFormInitialDataSchema,
  GroupIdQuerySchema,
  SaveGroupBodySchema,
  SaveGroupResponseSchema,
  SetGroupApplicationsBodySchema,
  SetGroupMembersBodySchema,
} from './groups.schemas.ts';
import { AdminSuccessSchema, IdsBodySchema } from './users.schemas.ts';

/** Group administration (§2.11 groups page): list, create/rename, delete, members, granted applications. */
export const adminGroupRoutes = {
  getGroups: defineRoute({
    method: 'POST',
    path: '/group/getGroups',
    access: 'admin',
    summary: 'Every group with its member count, by name',
    tags: ['administration'],
    response: z.array(AdminGroupRowSchema),
  }),
  getGroupFormInitialData: defineRoute({
    method: 'GET',
    path: '/group/getGroupFormInitialData',
    access: 'admin',
    summary: 'Options of the group form: users and applications',
    tags: ['administration'],
    response: GroupFormInitialDataSchema,
  }),
  getGroup: defineRoute({
    method: 'GET',
    path: '/group/getGroup',
    access: 'admin',
    summary: 'A group with its members and granted applications',
    tags: ['administration'],
    querystring: GroupIdQuerySchema,
    response: AdminGroupSchema,
  }),
  saveGroup: defineRoute({
    method: 'POST',
    path: '/group/saveGroup',
    access: 'admin',
    summary:
      'Creates (id 0) or renames a group and, when given, replaces its members and applications, all in one transaction; duplicate names answer 409',
    tags: ['administration'],
    body: SaveGroupBodySchema,
    response: SaveGroupResponseSchema,
  }),
  deleteGroups: defineRoute({
    method: 'POST',
    path: '/group/deleteGroups',
    access: 'admin',
    summary: 'Deletes groups with their memberships and grants',
    tags: ['administration'],
    body: IdsBodySchema,
    response: AdminSuccessSchema,
  }),
  setGroupMembers: defineRoute({
    method: 'POST',
    path: '/group/setGroupMembers',
    access: 'admin',
    summary: "Replaces the group's members",
    tags: ['administration'],
    body: SetGroupMembersBodySchema,
    response: AdminSuccessSchema,
  }),
  setGroupApplications: defineRoute({
    method: 'POST',
    path: '/group/setGroupApplications',
    access: 'admin',
    summary: 'Replaces the applications the group may open',
    tags: ['administration'],
    body: SetGroupApplicationsBodySchema,
    response: AdminSuccessSchema,
  }),
};
