import { defineRoute } from '../../common/route.ts';
import {
  ActivityResourcesQuerySchema,
  ActivityResourcesSchema,
  DeleteResourcesBodySchema,
  DeleteResourcesResponseSchema,
  GetResourcesBodySchema,
  ResourceEditSchema,
  ResourceFormInitialDataSchema,
  ResourcePendingItemsSchema,
  ResourcePendingQuerySchema,
  ResourceProjectsSchema,
  ResourceQuerySchema,
  ResourcesPageSchema,
  SaveResourceBodySchema,
  SaveResourceResponseSchema,
} from './resources.schemas.ts';

const tags = ['resources'];

/**
 * Spec §7.4 resources (/runtime/{appID}/resourcesList/{title}). Reading needs the application granted (403
 * otherwise); creating and deleting are for administrators; a resource's supervisor may change it, except its
 * kind, person and supervisor (403 with the reason). Projects and items are only those the caller may see: an
 * invisible project answers 404 like an unknown one.
 */
export const resourceRoutes = {
  getActivityResources: defineRoute({
    method: 'GET',
    path: '/resource/getActivityResources',
    access: 'session',
    summary: "The resources of an item's project with the hours entered on the item and their cost",
    tags,
    querystring: ActivityResourcesQuerySchema,
    response: ActivityResourcesSchema,
  }),
  getResources: defineRoute({
    method: 'POST',
    path: '/resource/getResources',
    access: 'session',
    summary: 'A page of the resources (people and assets), filtered by name, kind, active or ids',
    tags,
    body: GetResourcesBodySchema,
    response: ResourcesPageSchema,
  }),
  getResourceFormInitialData: defineRoute({
    method: 'GET',
    path: '/resource/getResourceFormInitialData',
    access: 'session',
    summary: 'The choices of the resource form: people not yet resources, calendars, projects, supervisors',
    tags,
    querystring: ResourceQuerySchema,
    response: ResourceFormInitialDataSchema,
  }),
  getResourcetoEdit: defineRoute({
    method: 'GET',
    path: '/resource/getResourcetoEdit',
    access: 'session',
    summary: 'The edit record of a resource; resourceId=0 answers a blank record',
    tags,
    querystring: ResourceQuerySchema,
    response: ResourceEditSchema,
  }),
  getProjects: defineRoute({
    method: 'GET',
    path: '/resource/getProjects',
    access: 'session',
    summary: "The resource's projects the caller may see",
    tags,
    querystring: ResourceQuerySchema,
    response: ResourceProjectsSchema,
  }),
  getPendingItems: defineRoute({
    method: 'GET',
    path: '/resource/getPendingItems',
    access: 'session',
    summary: "The open items of one of the resource's projects its person is responsible for",
    tags,
    querystring: ResourcePendingQuerySchema,
    response: ResourcePendingItemsSchema,
  }),
  getPendingTasks: defineRoute({
    method: 'GET',
    path: '/resource/getPendingTasks',
    access: 'session',
    summary: 'getPendingItems restricted to tasks (components whose timeEntry is task)',
    tags,
    querystring: ResourcePendingQuerySchema,
    response: ResourcePendingItemsSchema,
  }),
  saveResource: defineRoute({
    method: 'POST',
    path: '/resource/saveResource',
    access: 'session',
    summary: 'Creates (id 0) or changes a resource; a stale version answers 409',
    tags,
    body: SaveResourceBodySchema,
    response: SaveResourceResponseSchema,
  }),
  deleteResources: defineRoute({
    method: 'POST',
    path: '/resource/deleteResources',
    access: 'session',
    summary: 'Deletes resources (administrators), all or none',
    tags,
    body: DeleteResourcesBodySchema,
    response: DeleteResourcesResponseSchema,
  }),
};
