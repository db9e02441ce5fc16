import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  AdditionalFieldIdBodySchema,
  AdditionalFieldListQuerySchema,
  AdditionalFieldSaveBodySchema,
  AdditionalFieldSchema,
  PublicAdditionalFieldListQuerySchema,
  PublicAdditionalFieldSchema,
} from './additional-fields.schemas.ts';

/** Administration of additional fields (`/administration/additionalFields`). */
export const adminAdditionalFieldRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/additionalFields/list',
    access: 'admin',
    summary: 'Additional field definitions (active and inactive), by entity then position',
    tags: ['administration'],
    querystring: AdditionalFieldListQuerySchema,
    response: z.array(AdditionalFieldSchema),
  }),
  save: defineRoute({
    method: 'POST',
    path: '/admin/additionalFields/save',
    access: 'admin',
    summary: 'Creates (id 0) or changes an additional field definition',
    tags: ['administration'],
    body: AdditionalFieldSaveBodySchema,
    response: AdditionalFieldSchema,
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/admin/additionalFields/delete',
    access: 'admin',
    summary: 'Removes a definition; values already stored stay in the records (deactivate to hide instead)',
    tags: ['administration'],
    body: AdditionalFieldIdBodySchema,
    response: z.object({ success: z.literal(true) }),
  }),
};

/** The registration forms' fields, without a session. */
export const additionalFieldRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/additionalFields/list',
    access: 'public',
    summary: 'Active additional fields of a registration form (permissionario or requerente), by position',
    tags: ['accounts'],
    querystring: PublicAdditionalFieldListQuerySchema,
    response: z.array(PublicAdditionalFieldSchema),
  }),
};
