import type { ItemNotificationsResult, Language } from '@der/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { MessageService } from '../../modules/messages/messages.service.ts';
import { platformSettings } from '../../modules/platform/platform.table.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { runtimeItemFollowers } from './followers.table.ts';

/** Followers of one item, with name and picture, in name order. */
async function listFollowers(db: Db, actor: ItemActor, itemId: number): Promise<ItemNotificationsResult> {
  const rows = await db
    .select({ userId: users.id, name: users.name, avatar: users.avatar })
    .from(runtimeItemFollowers)
    .innerJoin(users, eq(users.id, runtimeItemFollowers.userId))
    .where(and(eq(runtimeItemFollowers.itemId, itemId), eq(users.disabled, false)))
    .orderBy(asc(users.name), asc(users.id));
  return {
    following: rows.some((row) => row.userId === actor.userId),
    followers: rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      ...(row.avatar ? { avatar: row.avatar } : {}),
    })),
  };
}

/**
 * The language of the messages followers get: the platform's (users have no language of their own stored;
 * the one who saves is not the one who reads).
 */
async function platformLanguage(tx: Db): Promise<Language> {
  const [row] = await tx
    .select({ language: platformSettings.defaultLanguage })
    .from(platformSettings)
    .limit(1);
  return row?.language === 'en' ? 'en' : 'pt-BR';
}

/**
 * Of the item's followers other than `exceptUserId` (active users), those who can still see the item: one
 * query evaluating the visibility rule once per follower on the item's row. Someone removed from the project
 * keeps the follow row but is told nothing.
 */
async function followersWhoSee(tx: Db, itemId: number, exceptUserId: number): Promise<number[]> {
  const candidates = await tx
    .select({ id: users.id, isAdministrator: users.isAdministrator })
    .from(runtimeItemFollowers)
    .innerJoin(users, eq(users.id, runtimeItemFollowers.userId))
    .where(
      and(
        eq(runtimeItemFollowers.itemId, itemId),
        eq(users.disabled, false),
        sql`${users.id} <> ${exceptUserId}`,
      ),
    )
    .orderBy(asc(users.id));
  if (candidates.length === 0) return [];
  const columns = Object.fromEntries(
    candidates.map((candidate, index) => [
      `f${index}`,
      sql<boolean>`coalesce(${visibleItemCondition({ userId: candidate.id, isAdministrator: candidate.isAdministrator })}, false)`,
    ]),
  );
  const [row] = await tx.select(columns).from(runtimeItems).where(eq(runtimeItems.id, itemId));
  if (!row) return [];
  return candidates.filter((_, index) => row[`f${index}`] === true).map((candidate) => candidate.id);
}

export function createFollowers(deps: { db: Db; messages: MessageService }) {
  const { db } = deps;
  return {
    async load(actor: ItemActor, itemId: number): Promise<ItemNotificationsResult> {
      await visibleItem(db, actor, itemId);
      return listFollowers(db, actor, itemId);
    },

    /** The actor follows or stops following an item they see (404 otherwise); repeating either is harmless. */
    async set(actor: ItemActor, body: { itemId: number; follow: boolean }): Promise<ItemNotificationsResult> {
      await visibleItem(db, actor, body.itemId);
      if (body.follow)
        await db
          .insert(runtimeItemFollowers)
          .values({ itemId: body.itemId, userId: actor.userId })
          .onConflictDoNothing();
      else
        await db
          .delete(runtimeItemFollowers)
          .where(
            and(eq(runtimeItemFollowers.itemId, body.itemId), eq(runtimeItemFollowers.userId, actor.userId)),
          );
      return listFollowers(db, actor, body.itemId);
    },

    /**
     * Called by saveItem inside its transaction, after the write. A new item: its creator follows it (they
     * asked for it, they want to hear about it). A changed item: every follower but the actor who can still
     * see it gets a message — inserted in the same transaction with its push (the outbox), so a save that
     * rolls back tells nobody.
     */
    async itemSaved(tx: Db, actor: ItemActor, item: RuntimeItemRow, created: boolean): Promise<void> {
      if (created) {
        await tx
          .insert(runtimeItemFollowers)
          .values({ itemId: item.id, userId: actor.userId })
          .onConflictDoNothing();
        return;
      }
      const recipients = await followersWhoSee(tx, item.id, actor.userId);
      if (recipients.length === 0) return;
      const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
      const language = await platformLanguage(tx);
      const fill = (text: string) =>
        text
          .replaceAll('{formattedId}', item.formattedId)
          .replaceAll('{title}', item.title)
          .replaceAll('{name}', author?.name ?? '');
      await deps.messages.send(tx, {
        userIds: recipients,
        title: fill(translateInfo('itemChangedTitle', language)),
        messageText: fill(
          translateInfo(item.title ? 'itemChangedText' : 'itemChangedTextUntitled', language),
        ),
      });
    },
  };
}
export type Followers = ReturnType<typeof createFollowers>;
