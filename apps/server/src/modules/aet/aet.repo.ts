import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { assertCanStoreBytes } from '../plan/plan-guards.ts';
import { issuedAets } from './aet.table.ts';

export type IssuedAetRow = typeof issuedAets.$inferSelect;
export type NewIssuedAet = typeof issuedAets.$inferInsert;

/** The AET domain's only door to Drizzle. */
export function createAetRepo() {
  return {
    async findByUid(db: Db, uid: string): Promise<IssuedAetRow | null> {
      const [row] = await db.select().from(issuedAets).where(eq(issuedAets.uid, uid)).limit(1);
      return row ?? null;
    },

    /**
     * The stored PDF counts against the contracted plan's storage: checked in the insert's transaction (a
     * savepoint when `db` already is one), 409 PLAN_LIMIT_REACHED when it would not fit.
     */
    async insert(db: Db, aet: NewIssuedAet): Promise<IssuedAetRow> {
      return db.transaction(async (tx) => {
        await assertCanStoreBytes(tx, Buffer.byteLength(aet.pdfBase64, 'base64'));
        const [row] = await tx.insert(issuedAets).values(aet).returning();
        return row!;
      });
    },
  };
}
export type AetRepo = ReturnType<typeof createAetRepo>;
