import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * Spec §3 "Push device": a browser's Push API subscription. The endpoint is unique: a browser has one
 * subscription, so when another user signs in on it the row moves to that user.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceName: text('device_name').notNull().default(''),
    endpoint: text('endpoint').notNull().unique(),
    /** The subscription's P-256 public key (base64url) and auth secret (base64url), RFC 8291. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A message is pushed to every device of each recipient.
  (table) => [index('push_devices_user_idx').on(table.userId)],
);
export type PushDeviceRow = typeof pushDevices.$inferSelect;

/** The instance's VAPID key pair (RFC 8292), created on the first start; the private key sealed (secret box). */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
