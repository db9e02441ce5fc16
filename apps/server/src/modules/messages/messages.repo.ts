import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';
import { type MessageRow, messages } from './messages.table.ts';

/** Every query is scoped to its owner: an id of another user's message matches nothing. */
export function createMessagesRepo(db: Db) {
  return {
    listOfUser(userId: number, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(eq(messages.userId, userId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
    },

    async countUnread(userId: number): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.readed, false)));
      return row?.unread ?? 0;
    },

    async markRead(userId: number, ids: readonly number[] | 'all'): Promise<void> {
      await db
        .update(messages)
        .set({ readed: true })
        .where(
          and(
            eq(messages.userId, userId),
            eq(messages.readed, false),
            ids === 'all' ? undefined : inArray(messages.id, [...ids]),
          ),
        );
    },

    async remove(userId: number, ids: readonly number[] | 'all'): Promise<void> {
      await db
        .delete(messages)
        .where(and(eq(messages.userId, userId), ids === 'all' ? undefined : inArray(messages.id, [...ids])));
    },

    /** Of the given ids, the users that exist and are not disabled (ascending). */
    async listActiveUserIds(tx: Db, userIds: readonly number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...userIds]), eq(users.disabled, false)))
        .orderBy(users.id);
      return rows.map((row) => row.id);
    },

    async insertForUsers(
      tx: Db,
      userIds: readonly number[],
      message: { title: string; messageText: string; createdAt: Date },
    ): Promise<void> {
      if (userIds.length === 0) return;
      await tx.insert(messages).values(userIds.map((userId) => ({ userId, ...message })));
    },
  };
}
export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
