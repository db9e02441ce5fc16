import { defineRoute } from '../../common/route.ts';
import {
  DeleteItemLinkBodySchema,
  ItemLinkChangeResultSchema,
  ItemNotificationsResultSchema,
  LinkableItemsResultSchema,
  LoadItemNotificationsBodySchema,
  LoadPredecessorActivitiesBodySchema,
  PredecessorsResultSchema,
  SaveItemLinkBodySchema,
  SavePredecessorActivitiesBodySchema,
  SavePredecessorsResultSchema,
  SearchLinkableItemsBodySchema,
  SetItemNotificationBodySchema,
} from './item-relations.schemas.ts';

const tags = ['generic items'];

/**
 * The relations between items that forms change directly (spec §3 itemLinks, predecessorActivities and
 * notifications components). Only items the user sees are ever answered (404 like an unknown id); changing
 * links or predecessors needs the right to change the item (403 ITEM_EDIT_FORBIDDEN) and is a new version of it.
 */
export const itemRelationRoutes = {
  saveItemLink: defineRoute({
    method: 'POST',
    path: '/genericItem/saveItemLink',
    access: 'session',
    summary: 'Links another item to an item (a free link; a new version of the item)',
    tags,
    body: SaveItemLinkBodySchema,
    response: ItemLinkChangeResultSchema,
  }),
  deleteItemLink: defineRoute({
    method: 'POST',
    path: '/genericItem/deleteItemLink',
    access: 'session',
    summary: 'Removes a free link of an item (a new version of the item)',
    tags,
    body: DeleteItemLinkBodySchema,
    response: ItemLinkChangeResultSchema,
  }),
  searchLinkableItems: defineRoute({
    method: 'POST',
    path: '/genericItem/searchLinkableItems',
    access: 'session',
    summary: 'Items the user may link to an item or make its predecessor, by search text',
    tags,
    body: SearchLinkableItemsBodySchema,
    response: LinkableItemsResultSchema,
  }),
  loadPredecessorActivities: defineRoute({
    method: 'POST',
    path: '/genericItem/loadPredecessorActivities',
    access: 'session',
    summary: 'The items that must finish before an item, with their statuses',
    tags,
    body: LoadPredecessorActivitiesBodySchema,
    response: PredecessorsResultSchema,
  }),
  savePredecessorActivities: defineRoute({
    method: 'POST',
    path: '/genericItem/savePredecessorActivities',
    access: 'session',
    summary: 'Sets the predecessors of an item (same project, no cycle; a new version of the item)',
    tags,
    body: SavePredecessorActivitiesBodySchema,
    response: SavePredecessorsResultSchema,
  }),
  loadItemNotifications: defineRoute({
    method: 'POST',
    path: '/genericItem/loadItemNotifications',
    access: 'session',
    summary: 'Who follows an item, and whether the user does',
    tags,
    body: LoadItemNotificationsBodySchema,
    response: ItemNotificationsResultSchema,
  }),
  setItemNotification: defineRoute({
    method: 'POST',
    path: '/genericItem/setItemNotification',
    access: 'session',
    summary: 'The user follows or stops following an item',
    tags,
    body: SetItemNotificationBodySchema,
    response: ItemNotificationsResultSchema,
  }),
};
