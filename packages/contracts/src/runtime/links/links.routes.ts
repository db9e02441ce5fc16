import { defineRoute } from '../../common/route.ts';
import { FormStateSchema } from '../forms/forms.schemas.ts';
import {
  ComboDataResultSchema,
  DefaultValueQueryResultSchema,
  ExecuteWindowCallResultFunctionBodySchema,
  GetDefaultValueQueryQuerySchema,
  GetImageNameQuerySchema,
  ImageNameResultSchema,
  ItemLinksResultSchema,
  LinkedItemsResultSchema,
  LoadItemLinksFormDataBodySchema,
  LoadManyToManyComboDataBodySchema,
  LoadManyToManyFormDataBodySchema,
  LoadOneToManyFormDataBodySchema,
  LoadOneToManyTimelineFormDataBodySchema,
  RefreshManyToManyItemsBodySchema,
  RefreshManyToManyItemsResultSchema,
  TimelineResultSchema,
} from './links.schemas.ts';

const tags = ['generic items'];

/**
 * Spec §7.6 linked data and the remaining form calls of generic items. Only items the user may see are ever
 * answered (an item they may not see answers 404 like an unknown one, and never appears in a list); changing
 * links needs the right to change the owning item (403 ITEM_EDIT_FORBIDDEN, the §6 text).
 */
export const linkRoutes = {
  loadManyToManyComboData: defineRoute({
    method: 'POST',
    path: '/genericItem/loadManyToManyComboData',
    access: 'session',
    summary: 'Items of a many-to-many widget’s component the user may link, by search text',
    tags,
    body: LoadManyToManyComboDataBodySchema,
    response: ComboDataResultSchema,
  }),
  loadManyToManyFormData: defineRoute({
    method: 'POST',
    path: '/genericItem/loadManyToManyFormData',
    access: 'session',
    summary: 'The items a many-to-many widget links to an item',
    tags,
    body: LoadManyToManyFormDataBodySchema,
    response: LinkedItemsResultSchema,
  }),
  refreshManyToManyItems: defineRoute({
    method: 'POST',
    path: '/genericItem/refreshManyToManyItems',
    access: 'session',
    summary: 'Sets the items a many-to-many widget links to an item (a new version of the item)',
    tags,
    body: RefreshManyToManyItemsBodySchema,
    response: RefreshManyToManyItemsResultSchema,
  }),
  loadOneToManyFormData: defineRoute({
    method: 'POST',
    path: '/genericItem/loadOneToManyFormData',
    access: 'session',
    summary: 'The child items (parent = the item) of a component, for a master-slave widget',
    tags,
    body: LoadOneToManyFormDataBodySchema,
    response: LinkedItemsResultSchema,
  }),
  loadOneToManyTimelineFormData: defineRoute({
    method: 'POST',
    path: '/genericItem/loadOneToManyTimelineFormData',
    access: 'session',
    summary: 'The child items of a component ordered by a date, for a timeline widget',
    tags,
    body: LoadOneToManyTimelineFormDataBodySchema,
    response: TimelineResultSchema,
  }),
  loadItemLinksFormData: defineRoute({
    method: 'POST',
    path: '/genericItem/loadItemLinksFormData',
    access: 'session',
    summary: 'The free links of an item, both directions',
    tags,
    body: LoadItemLinksFormDataBodySchema,
    response: ItemLinksResultSchema,
  }),
  getDefaultValueQuery: defineRoute({
    method: 'GET',
    path: '/genericItem/getDefaultValueQuery',
    access: 'session',
    summary: 'The default of an item-reference field: the first item of a saved query',
    tags,
    querystring: GetDefaultValueQueryQuerySchema,
    response: DefaultValueQueryResultSchema,
  }),
  executeWindowCallResultFunction: defineRoute({
    method: 'POST',
    path: '/genericItem/executeWindowCallResultFunction',
    access: 'session',
    summary: 'Applies the values a dialog returned to a form and runs the business rules',
    tags,
    body: ExecuteWindowCallResultFunctionBodySchema,
    response: FormStateSchema,
  }),
  getImageName: defineRoute({
    method: 'GET',
    path: '/genericItem/getImageName',
    access: 'session',
    summary: 'The stored file of an image field of an item',
    tags,
    querystring: GetImageNameQuerySchema,
    response: ImageNameResultSchema,
  }),
};
