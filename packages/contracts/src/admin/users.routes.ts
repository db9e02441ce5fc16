import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  AdminUserEditSchema,
  AdminUserRowSchema,
  DeleteUsersResponseSchema,
  IdsBodySchema,
  SaveUserBodySchema,
  SaveUserResponseSchema,
  UserFormInitialDataSchema,
  UserIdQuerySchema,
} from './users.schemas.ts';

/** Spec §7.3: user administration (administration permission required). */
export const adminUserRoutes = {
  getUsers: defineRoute({
    method: 'POST',
    path: '/user/getUsers',
    access: 'admin',
    summary: 'Every user, by name (the user list of §2.11)',
    tags: ['administration'],
    response: z.array(AdminUserRowSchema),
  }),
  getUserFormInitialData: defineRoute({
    method: 'GET',
    path: '/user/getUserFormInitialData',
    access: 'admin',
    summary: 'Options of the user form: companies, groups, timesheet types',
    tags: ['administration'],
    querystring: UserIdQuerySchema,
    response: UserFormInitialDataSchema,
  }),
  getUsertoEdit: defineRoute({
    method: 'GET',
    path: '/user/getUsertoEdit',
    access: 'admin',
    summary: 'The edit record of a user; UserId=0 answers a blank record',
    tags: ['administration'],
    querystring: UserIdQuerySchema,
    response: AdminUserEditSchema,
  }),
  saveUser: defineRoute({
    method: 'POST',
    path: '/user/saveUser',
    access: 'admin',
    summary: 'Creates (id 0) or changes a user; version conflicts answer 409',
    tags: ['administration'],
    body: SaveUserBodySchema,
    response: SaveUserResponseSchema,
  }),
  deleteUsers: defineRoute({
    method: 'POST',
    path: '/user/deleteUsers',
    access: 'admin',
    summary: 'Deletes users; those with history are deactivated instead',
    tags: ['administration'],
    body: IdsBodySchema,
    response: DeleteUsersResponseSchema,
  }),
};
