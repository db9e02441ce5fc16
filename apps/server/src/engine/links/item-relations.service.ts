import type { Db } from '../../infra/db/database.ts';
import type { MessageService } from '../../modules/messages/messages.service.ts';
import { createFollowers } from './followers.ts';
import { createItemLinkChanges } from './item-link-changes.ts';
import { createPredecessors } from './predecessors.ts';

/**
 * The relations between items forms change directly: free links (itemLinks), predecessors
 * (predecessorActivities) and followers (notifications), and the followers' messages when an item is saved.
 */
export function createItemRelationsService(deps: { db: Db; now: () => Date; messages: MessageService }) {
  const links = createItemLinkChanges(deps);
  const predecessors = createPredecessors(deps);
  const followers = createFollowers(deps);
  return {
    saveItemLink: links.save,
    deleteItemLink: links.remove,
    searchLinkableItems: links.search,
    loadPredecessorActivities: predecessors.load,
    savePredecessorActivities: predecessors.save,
    loadItemNotifications: followers.load,
    setItemNotification: followers.set,
    itemSaved: followers.itemSaved,
  };
}
export type ItemRelationsService = ReturnType<typeof createItemRelationsService>;
