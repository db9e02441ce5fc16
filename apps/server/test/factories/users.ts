import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/infra/db/database.ts';
import { type UserRow, users } from '../../src/modules/accounts/accounts.table.ts';
import { createPasswordHasher } from '../../src/modules/identity/core/password-hasher.ts';
import { grantFixtureApplications } from './fixture-applications.ts';

/** The password every built user has unless told otherwise. */
export const DEFAULT_TEST_PASSWORD = 'Cavalo-Bateria-Grampo-42';

const hasher = createPasswordHasher();
const hashes = new Map<string, Promise<string>>();

export type BuildUserOverrides = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & {
  /** In clear; hashed with Argon2id (the product's parameters). */
  password?: string;
  /** Open the runtime fixtures' applications (fixture-applications.ts); default true. */
  grantFixtureApplications?: boolean;
};

/**
 * Inserts an active staff user with a unique login and e-mail; override any column. Hashes are cached per
 * password, so a file building many users pays Argon2 once per distinct password.
 */
export async function buildUser(
  db: Db,
  overrides: BuildUserOverrides = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_TEST_PASSWORD, grantFixtureApplications: grant = true, ...columns } = overrides;
  let hash = hashes.get(password);
  if (!hash) {
    hash = hasher.hash(password);
    hashes.set(password, hash);
  }
  const unique = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(users)
    .values({
      kind: 'staff',
      login: `user.${unique}`,
      name: `Usuário ${unique}`,
      email: `user.${unique}@example.gov.br`,
      activated: true,
      ...columns,
      passwordHash: await hash,
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  if (grant) await grantFixtureApplications(db, row.id);
  return { ...row, password };
}
