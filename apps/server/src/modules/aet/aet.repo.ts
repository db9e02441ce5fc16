import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
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

    async insert(db: Db, aet: NewIssuedAet): Promise<IssuedAetRow> {
      const [row] = await db.insert(issuedAets).values(aet).returning();
      return row!;
    },
  };
}
export type AetRepo = ReturnType<typeof createAetRepo>;
