import type {
  DeleteItemLinkBody,
  ItemLinkChangeResult,
  LinkableItemsResult,
  SaveItemLinkBody,
  SearchLinkableItemsBody,
} from '@der/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import { validationError } from '../items/item-changes.ts';
import { toWriteResult } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import { loadItemLinks } from './item-links.ts';
import { searchItemChoices, visibleItemsAmong } from './linked-items.ts';
import { FREE_LINK_RELATION, runtimeItemLinks } from './links.table.ts';
import { lockItemForChange, recordRelationChange } from './owner-change.ts';

/** The history key of free-link changes (the itemLinks widget). */
const LINKS_HISTORY_KEY = 'itemLinks';

/** The other items of the item's free links, both directions (visible or not: callers filter). */
async function freeLinkedIds(tx: Db, itemId: number): Promise<number[]> {
  const rows = await tx
    .select({ from: runtimeItemLinks.fromItemId, to: runtimeItemLinks.toItemId })
    .from(runtimeItemLinks)
    .where(
      and(
        eq(runtimeItemLinks.relation, FREE_LINK_RELATION),
        or(eq(runtimeItemLinks.fromItemId, itemId), eq(runtimeItemLinks.toItemId, itemId)),
      ),
    );
  return rows.map((row) => (row.from === itemId ? row.to : row.from));
}

export function createItemLinkChanges(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return {
    /**
     * Adds a free link from the item to another one. Both visible (404), the item writable (403), not itself
     * (400 naming `linkedItemId`). A link between the two in either direction already there: nothing is
     * written and the list is answered as is — a double click or two users linking at once is not an error.
     */
    async save(actor: ItemActor, body: SaveItemLinkBody): Promise<ItemLinkChangeResult> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        let item = await lockItemForChange(tx, actor, body.itemId, body.version);
        if (body.linkedItemId === item.id)
          throw validationError([{ field: 'linkedItemId', message: 'linkToItself' }], actor.language);
        await visibleItem(tx, actor, body.linkedItemId);
        // Two users linking the same pair from both sides at once would each miss the other's row: the pair is
        // locked (whatever the direction) until the transaction ends.
        const [low, high] = [item.id, body.linkedItemId].sort((a, b) => a - b);
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`item-link:${low}:${high}`}, 0))`,
        );
        const before = await freeLinkedIds(tx, item.id);
        if (!before.includes(body.linkedItemId)) {
          await tx.insert(runtimeItemLinks).values({
            fromItemId: item.id,
            toItemId: body.linkedItemId,
            relation: FREE_LINK_RELATION,
            createdBy: actor.userId,
            createdAt: now,
          });
          item = await recordRelationChange(
            tx,
            actor,
            item,
            { key: LINKS_HISTORY_KEY, before, after: [...before, body.linkedItemId] },
            now,
          );
        }
        return { saved: toWriteResult(item), ...(await loadItemLinks(tx, actor, item.id)) };
      });
    },

    /**
     * Removes a free link of the item (either direction). A link that is not the item's, or whose other item
     * the actor does not see, answers 404 like an unknown one: nobody removes what they cannot see.
     */
    async remove(actor: ItemActor, body: DeleteItemLinkBody): Promise<ItemLinkChangeResult> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        let item = await lockItemForChange(tx, actor, body.itemId, body.version);
        const [link] = await tx
          .select()
          .from(runtimeItemLinks)
          .where(
            and(
              eq(runtimeItemLinks.id, body.linkId),
              eq(runtimeItemLinks.relation, FREE_LINK_RELATION),
              or(eq(runtimeItemLinks.fromItemId, item.id), eq(runtimeItemLinks.toItemId, item.id)),
            ),
          );
        const otherId = link && (link.fromItemId === item.id ? link.toItemId : link.fromItemId);
        if (!link || otherId === undefined || (await visibleItemsAmong(tx, actor, [otherId])).length === 0)
          throw new AppError('NOT_FOUND');
        const before = await freeLinkedIds(tx, item.id);
        await tx.delete(runtimeItemLinks).where(eq(runtimeItemLinks.id, link.id));
        item = await recordRelationChange(
          tx,
          actor,
          item,
          { key: LINKS_HISTORY_KEY, before, after: before.filter((id) => id !== otherId) },
          now,
        );
        return { saved: toWriteResult(item), ...(await loadItemLinks(tx, actor, item.id)) };
      });
    },

    /**
     * Items the actor sees matching the search on formatted ID or title, never the item itself; for
     * predecessors only items of the item's project (none when the item has no project). Title order.
     */
    async search(actor: ItemActor, body: SearchLinkableItemsBody): Promise<LinkableItemsResult> {
      const { item } = await visibleItem(db, actor, body.itemId);
      if (body.relation === 'predecessor' && item.projectId === null) return { items: [] };
      const rows = await searchItemChoices(
        db,
        actor,
        and(
          ne(runtimeItems.id, item.id),
          body.relation === 'predecessor' ? eq(runtimeItems.projectId, item.projectId!) : undefined,
        ),
        body.search,
        body.limit ?? 20,
      );
      return { items: rows };
    },
  };
}
