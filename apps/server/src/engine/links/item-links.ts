import type { ItemLinksResult } from '@der/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import { toLinkedItem, visibleItemsAmong } from './linked-items.ts';
import { FREE_LINK_RELATION, runtimeItemLinks } from './links.table.ts';

/**
 * Spec §7.6 loadItemLinksFormData: the free links of a visible item (404 otherwise), both directions, each
 * with the other item — only links whose other item the actor sees. Oldest link first.
 */
export async function loadItemLinks(db: Db, actor: ItemActor, itemId: number): Promise<ItemLinksResult> {
  await visibleItem(db, actor, itemId);
  const links = await db
    .select()
    .from(runtimeItemLinks)
    .where(
      and(
        eq(runtimeItemLinks.relation, FREE_LINK_RELATION),
        or(eq(runtimeItemLinks.fromItemId, itemId), eq(runtimeItemLinks.toItemId, itemId)),
      ),
    );
  const otherOf = (link: (typeof links)[number]) =>
    link.fromItemId === itemId ? link.toItemId : link.fromItemId;
  const others = new Map(
    (await visibleItemsAmong(db, actor, [...new Set(links.map(otherOf))])).map((row) => [row.id, row]),
  );
  return {
    links: links
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .flatMap((link) => {
        const other = others.get(otherOf(link));
        if (!other) return [];
        return [
          {
            linkId: link.id,
            direction: link.fromItemId === itemId ? ('outgoing' as const) : ('incoming' as const),
            createdAt: link.createdAt.toISOString(),
            item: toLinkedItem(other),
          },
        ];
      }),
  };
}
