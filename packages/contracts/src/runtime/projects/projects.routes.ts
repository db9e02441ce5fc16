import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import {
  CheckPermissionToUpdateBodySchema,
  LoadProjectsQuerySchema,
  PermissionToUpdateSchema,
  ProjectIdBodySchema,
  ProjectPermissionsSchema,
  ProjectSummarySchema,
  ProjectTitleSchema,
  SaveProjectPermissionsBodySchema,
} from './projects.schemas.ts';

/**
 * Spec §6 / §7.6 projects and permissions. A project the caller may not see answers 404 as an unknown one.
 */
export const projectRoutes = {
  loadProjects: defineRoute({
    method: 'GET',
    path: '/genericItem/loadProjects',
    access: 'session',
    summary: 'The projects the caller may see, by title',
    tags: ['generic items'],
    querystring: LoadProjectsQuerySchema,
    response: z.array(ProjectSummarySchema),
  }),
  getProjectTitle: defineRoute({
    method: 'POST',
    path: '/genericItem/getProjectTitle',
    access: 'session',
    summary: 'The title of a project the caller may see',
    tags: ['generic items'],
    body: ProjectIdBodySchema,
    response: ProjectTitleSchema,
  }),
  loadProjectPermissions: defineRoute({
    method: 'POST',
    path: '/genericItem/loadProjectPermissions',
    access: 'session',
    summary: 'The users and groups of a project, with read-only and folder-restriction flags',
    tags: ['generic items'],
    body: ProjectIdBodySchema,
    response: ProjectPermissionsSchema,
  }),
  saveProjectPermissions: defineRoute({
    method: 'POST',
    path: '/genericItem/saveProjectPermissions',
    access: 'session',
    summary: "Replaces a project's users and groups (project manager or administrator)",
    tags: ['generic items'],
    body: SaveProjectPermissionsBodySchema,
    response: ProjectPermissionsSchema,
  }),
  checkPermissionToUpdate: defineRoute({
    method: 'POST',
    path: '/genericItem/checkPermissionToUpdate',
    access: 'session',
    summary: 'Whether the caller may change the item (or create one in the project)',
    tags: ['generic items'],
    body: CheckPermissionToUpdateBodySchema,
    response: PermissionToUpdateSchema,
  }),
};
