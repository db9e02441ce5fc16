import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import {
  ExportFullListBodySchema,
  ImportExcelQuerySchema,
  ImportExcelResultSchema,
  XLSX_CONTENT_TYPE,
} from './excel.schemas.ts';
import {
  AllowedProjectItemTypesQuerySchema,
  AllowedProjectItemTypesSchema,
  ComponentByNameQuerySchema,
  ComponentByNameSchema,
  ExecuteFilterBodySchema,
  ExecuteFilterResultSchema,
  ItemChoicesSchema,
  ListControlDataQuerySchema,
  ListControlDataSchema,
  ListQueryBodySchema,
  LoadCompaniesResultSchema,
  LoadGenericItemsBodySchema,
  LoadGroupsResultSchema,
  LoadOrganizationalStructuresResultSchema,
  LoadPicklistItemsBodySchema,
  LoadPicklistItemsResultSchema,
  LoadUsersResultSchema,
  LookupBodySchema,
  SearchItemsByQueryBodySchema,
} from './listing.schemas.ts';

const tags = ['generic items'];

/**
 * Spec §7.6 listing and loading calls of generic items. Permissions are applied inside every query: an item
 * the caller may not see is never returned, counted or exported; a component or project they cannot reach
 * answers 404 as an unknown one.
 */
export const listingRoutes = {
  getListControlData: defineRoute({
    method: 'GET',
    path: '/genericItem/getListControlData',
    access: 'session',
    summary: "A list's columns (spec §3 column definition), saved queries and views",
    tags,
    querystring: ListControlDataQuerySchema,
    response: ListControlDataSchema,
  }),
  executeFilter: defineRoute({
    method: 'POST',
    path: '/genericItem/executeFilter',
    access: 'session',
    summary:
      'One page of a filtered, sorted list, with a count capped at 1000 and a cursor for the next page',
    tags,
    body: ExecuteFilterBodySchema,
    response: ExecuteFilterResultSchema,
  }),
  loadGenericItems: defineRoute({
    method: 'POST',
    path: '/genericItem/loadGenericItems',
    access: 'session',
    summary: 'Items of a component for a chooser (by ids or a search text)',
    tags,
    body: LoadGenericItemsBodySchema,
    response: ItemChoicesSchema,
  }),
  searchItemsByQuery: defineRoute({
    method: 'POST',
    path: '/genericItem/searchItemsByQuery',
    access: 'session',
    summary: 'Text search over Title, FormattedID and the STRING fields of a component',
    tags,
    body: SearchItemsByQueryBodySchema,
    response: ItemChoicesSchema,
  }),
  getAllowedsProjectItemTypes: defineRoute({
    method: 'GET',
    path: '/genericItem/getAllowedsProjectItemTypes',
    access: 'session',
    summary: "The item types (components) a project's items can be of",
    tags,
    querystring: AllowedProjectItemTypesQuerySchema,
    response: AllowedProjectItemTypesSchema,
  }),
  getComponentByName: defineRoute({
    method: 'GET',
    path: '/genericItem/getComponentByName',
    access: 'session',
    summary: 'A component and its fields, by technical name',
    tags,
    querystring: ComponentByNameQuerySchema,
    response: ComponentByNameSchema,
  }),
  loadUsers: defineRoute({
    method: 'POST',
    path: '/genericItem/loadUsers',
    access: 'session',
    summary: 'Active users for a chooser (id, name, avatar)',
    tags,
    body: LookupBodySchema,
    response: LoadUsersResultSchema,
  }),
  loadOrganizationalStructures: defineRoute({
    method: 'POST',
    path: '/genericItem/loadOrganizationalStructures',
    access: 'session',
    summary: 'Organisational structures for a chooser (the user groups, until a dedicated entity exists)',
    tags,
    body: LookupBodySchema,
    response: LoadOrganizationalStructuresResultSchema,
  }),
  loadGroups: defineRoute({
    method: 'POST',
    path: '/genericItem/loadGroups',
    access: 'session',
    summary: 'User groups for a chooser (GROUPS and USERS_OR_GROUPS fields)',
    tags,
    body: LookupBodySchema,
    response: LoadGroupsResultSchema,
  }),
  loadPicklistItems: defineRoute({
    method: 'POST',
    path: '/genericItem/loadPicklistItems',
    access: 'session',
    summary: 'Options of a PICKLIST field, or the statuses of an ITEM_TYPE_STATUS field',
    tags,
    body: LoadPicklistItemsBodySchema,
    response: LoadPicklistItemsResultSchema,
  }),
  loadCompanies: defineRoute({
    method: 'POST',
    path: '/genericItem/loadCompanies',
    access: 'session',
    summary: 'Companies for a chooser',
    tags,
    body: LookupBodySchema,
    response: LoadCompaniesResultSchema,
  }),
};

/** Spec §7.6 spreadsheet calls: exports are streamed .xlsx files; the import is all or nothing. */
export const excelRoutes = {
  exportExcel: defineRoute({
    method: 'POST',
    path: '/genericItem/exportExcel',
    access: 'session',
    summary: 'The filtered list (same body as executeFilter, no paging) with its visible columns, as .xlsx',
    tags,
    body: ListQueryBodySchema,
    response: z.unknown(),
    produces: XLSX_CONTENT_TYPE,
  }),
  exportFullListToExcel: defineRoute({
    method: 'POST',
    path: '/genericItem/exportFullListToExcel',
    access: 'session',
    summary: 'Every item of the component (or project) the caller sees, with every column, as .xlsx',
    tags,
    body: ExportFullListBodySchema,
    response: z.unknown(),
    produces: XLSX_CONTENT_TYPE,
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/genericItem/importExcel',
    access: 'session',
    summary:
      'Creates items from an .xlsx (multipart part `file`; header row = field labels or keys), all or nothing; an `Idempotency-Key` header (or `idempotencyKey` field) makes a repeated request answer the first result',
    tags,
    querystring: ImportExcelQuerySchema,
    response: ImportExcelResultSchema,
  }),
};
