import { defineRoute } from '../../common/route.ts';
import {
  BulkUpdateItemsBodySchema,
  BulkUpdateItemsResultSchema,
  DeleteItemBodySchema,
  DeleteItemResultSchema,
  ItemWriteResultSchema,
  UpdateItemFieldBodySchema,
} from './items.schemas.ts';

/**
 * Spec §7.6 saving calls of generic items. An item the caller may not see answers 404 as an unknown one; an
 * item they see but may not change answers 403 ITEM_EDIT_FORBIDDEN; a stale `version` 409
 * ITEM_VERSION_CONFLICT naming who changed it and when (nothing is overwritten).
 */
export const itemWriteRoutes = {
  deleteItem: defineRoute({
    method: 'POST',
    path: '/genericItem/deleteItem',
    access: 'session',
    summary: 'Deletes items of a component (all or nothing); a version row records each deletion',
    tags: ['generic items'],
    body: DeleteItemBodySchema,
    response: DeleteItemResultSchema,
  }),
  updateItemField: defineRoute({
    method: 'POST',
    path: '/genericItem/updateItemField',
    access: 'session',
    summary: 'Changes one field of an item at the version the client holds',
    tags: ['generic items'],
    body: UpdateItemFieldBodySchema,
    response: ItemWriteResultSchema,
  }),
  bulkUpdateItems: defineRoute({
    method: 'POST',
    path: '/genericItem/bulkUpdateItems',
    access: 'session',
    summary: 'Changes several items of a component in one transaction (every item or none)',
    tags: ['generic items'],
    body: BulkUpdateItemsBodySchema,
    response: BulkUpdateItemsResultSchema,
  }),
};
