import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row written at the first start: proof of the keys this database was first used with, checked at every
 * start (infra/crypto/key-check.ts), so a server started with other keys stops at once with a clear message
 * instead of failing later on the first sealed secret it reads. Neither column reveals a key.
 */
export const keyChecks = pgTable('key_checks', {
  id: integer('id').primaryKey(),
  /** A known text sealed with the encryption key (secret box): it opens only with the same key. */
  encryptionKeyCheck: text('encryption_key_check').notNull(),
  /** HMAC-SHA256 of a known text under the JWT signing key (base64url). */
  jwtKeyCheck: text('jwt_key_check').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
