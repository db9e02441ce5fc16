import { defineRoute } from '../../common/route.ts';
import {
  ItemTypeInfoSchema,
  LoadProjectCalendarQuerySchema,
  ProjectCalendarSchema,
  ProjectConfigurationSchema,
  ProjectItemTypeChoicesQuerySchema,
  ProjectItemTypeChoicesSchema,
  ProjectResourcesSchema,
  ProjectWidgetQuerySchema,
} from './project-widgets.schemas.ts';

const tags = ['generic items'];

/**
 * The project widgets of spec §3 forms (projectCalendar, projectResource, configuration, itemType), asked for
 * the item a form shows. An item or project the caller may not see answers 404 like an unknown one, and only
 * items the caller may see are listed or counted.
 */
export const projectWidgetRoutes = {
  loadProjectCalendar: defineRoute({
    method: 'GET',
    path: '/genericItem/loadProjectCalendar',
    access: 'session',
    summary: "The items of the item's project dated within a range (at most 42 days), for a month calendar",
    tags,
    querystring: LoadProjectCalendarQuerySchema,
    response: ProjectCalendarSchema,
  }),
  loadProjectResources: defineRoute({
    method: 'GET',
    path: '/genericItem/loadProjectResources',
    access: 'session',
    summary: "The people of the item's project, their access and their open items",
    tags,
    querystring: ProjectWidgetQuerySchema,
    response: ProjectResourcesSchema,
  }),
  loadProjectConfiguration: defineRoute({
    method: 'GET',
    path: '/genericItem/loadProjectConfiguration',
    access: 'session',
    summary: "The configuration summary of the item's project",
    tags,
    querystring: ProjectWidgetQuerySchema,
    response: ProjectConfigurationSchema,
  }),
  getItemTypeInfo: defineRoute({
    method: 'GET',
    path: '/genericItem/getItemTypeInfo',
    access: 'session',
    summary: "A saved item's type: component, formatted-ID pattern and current status",
    tags,
    querystring: ProjectWidgetQuerySchema,
    response: ItemTypeInfoSchema,
  }),
  loadProjectItemTypeChoices: defineRoute({
    method: 'GET',
    path: '/genericItem/loadProjectItemTypeChoices',
    access: 'session',
    summary: 'The item types a new item of a project may be, each with the form its insert route opens',
    tags,
    querystring: ProjectItemTypeChoicesQuerySchema,
    response: ProjectItemTypeChoicesSchema,
  }),
};
