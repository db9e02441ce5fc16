import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The SMTP server saved in the administration area (one row, id 1). When present it wins over the SMTP_*
 * environment. The password is sealed with the instance's secret box (context `smtp:password`).
 */
export const emailServerSettings = pgTable('email_server_settings', {
  id: integer('id').primaryKey().default(1),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  security: text('security', { enum: ['none', 'starttls', 'tls'] }).notNull(),
  user: text('smtp_user').notNull().default(''),
  /** Sealed envelope (infra/crypto/secret-box); null without a password. */
  passwordSealed: text('password_sealed'),
  sender: text('sender').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
export type EmailServerSettingsRow = typeof emailServerSettings.$inferSelect;
