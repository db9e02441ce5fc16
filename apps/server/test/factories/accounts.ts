import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256Hex } from '../../src/infra/crypto/tokens.ts';
import { accountTokens, type UserRow, users } from '../../src/modules/accounts/accounts.table.ts';

/**
 * Not an Argon2 hash: rows built here are for the accounts routes, which never verify it. Give `password`
 * to get a real hash (slower).
 */
const PLACEHOLDER_HASH = 'not-a-hash';

export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow> {
  const { password, ...fields } = overrides;
  const unique = randomUUID().slice(0, 8);
  const email = fields.email ?? `pessoa.${unique}@exemplo.com.br`;
  const [row] = await app.database.db
    .insert(users)
    .values({
      kind: 'requerente',
      login: email,
      name: `PESSOA ${unique.toUpperCase()}`,
      email,
      passwordHash: password ? await app.services.passwordHasher.hash(password) : PLACEHOLDER_HASH,
      activated: true,
      loginPage: fields.kind === 'permissionario' ? '/faixaDeDominio' : '/aet',
      ...fields,
    })
    .returning();
  return row!;
}

/** An activation token of the user; answers the raw token (only its hash is stored). */
export async function buildActivationToken(
  app: FastifyInstance,
  userId: number,
  options: { expiresAt?: Date; usedAt?: Date | null } = {},
): Promise<string> {
  const token = randomToken();
  await app.database.db.insert(accountTokens).values({
    userId,
    purpose: 'activation',
    tokenHash: sha256Hex(token),
    expiresAt: options.expiresAt ?? new Date(app.now().getTime() + 60 * 60_000),
    usedAt: options.usedAt ?? null,
  });
  return token;
}

export async function findUserByEmail(app: FastifyInstance, email: string): Promise<UserRow | null> {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}
