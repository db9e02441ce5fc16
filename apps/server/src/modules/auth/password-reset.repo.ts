import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { accountTokens, users } from '../accounts/accounts.table.ts';

const PURPOSE = 'password-reset';

/** A password-reset token row and the state of its account, for deciding whether the link still works. */
export interface PasswordResetTokenMatch {
  tokenId: number;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  login: string;
  activated: boolean;
  disabled: boolean;
}

/**
 * The password-reset links in account_tokens (the table of the activation links; accounts owns it). Only the
 * SHA-256 of a token is stored or searched for. Every method takes the handle to use: the db or a transaction.
 */
export function createPasswordResetRepo() {
  return {
    /** Locks the user's row until the transaction ends: two requests for one account are decided in turn. */
    async lockUser(tx: Db, userId: number): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** When the newest reset link of the user was issued (used or not), or null. */
    async latestIssuedAt(db: Db, userId: number): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: accountTokens.createdAt })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, PURPOSE)))
        .orderBy(desc(accountTokens.createdAt), desc(accountTokens.id))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /**
     * Stores a new link and removes the user's earlier ones: a newer link voids the older (an old e-mail in a
     * mailbox stops working), and the table keeps one reset row per user.
     */
    async replaceToken(
      tx: Db,
      token: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
    ): Promise<void> {
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, token.userId), eq(accountTokens.purpose, PURPOSE)));
      await tx.insert(accountTokens).values({ ...token, purpose: PURPOSE });
    },

    /** The reset link with this hash and its account; `forUpdate` locks the token row (a single use). */
    async findToken(
      db: Db,
      tokenHash: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<PasswordResetTokenMatch | null> {
      const query = db
        .select({
          tokenId: accountTokens.id,
          userId: accountTokens.userId,
          expiresAt: accountTokens.expiresAt,
          usedAt: accountTokens.usedAt,
          login: users.login,
          activated: users.activated,
          disabled: users.disabled,
        })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, PURPOSE)))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update', { of: accountTokens }) : await query;
      return row ?? null;
    },

    async markUsed(tx: Db, tokenId: number, at: Date): Promise<void> {
      await tx.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, tokenId));
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;

/**
 * Marks the user's unused reset links used: a password chosen otherwise (changed while signed in, the expired
 * one replaced, an administrator's reset) must not be undone by an older e-mail. Marked rather than deleted,
 * so the request cooldown still counts from the last link.
 */
export async function voidPasswordResetLinks(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: at })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, PURPOSE), isNull(accountTokens.usedAt)),
    );
}
