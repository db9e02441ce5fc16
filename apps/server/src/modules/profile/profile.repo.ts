import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';

export function createProfileRepo() {
  return {
    async findUser(db: Db, userId: number) {
      const [row] = await db
        .select({ id: users.id, kind: users.kind, login: users.login, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** Whether another account already uses the address as its e-mail or login (both are unique, case-blind). */
    async isEmailTaken(db: Db, email: string, exceptUserId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            ne(users.id, exceptUserId),
            or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.login}) = ${email}`),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async update(
      db: Db,
      userId: number,
      values: { name: string; email: string; avatar: string; login?: string; updatedAt: Date },
    ) {
      const [row] = await db
        .update(users)
        .set({ ...values, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId))
        .returning({ id: users.id, name: users.name, email: users.email, avatar: users.avatar });
      return row ?? null;
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
