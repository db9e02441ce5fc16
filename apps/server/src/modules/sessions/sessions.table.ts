import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * One row per signed-in browser. Every request checks its token's session here, so logout, a password
 * change or disabling the user ends it at once, and the idle and absolute limits hold across instances.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute limit: no renewal goes past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** False while the two-step code is still owed (platform MFA on). */
    mfaAuthenticated: boolean('mfa_authenticated').notNull().default(false),
    /** Wrong two-step codes in this login attempt; a few end it. */
    mfaFailures: integer('mfa_failures').notNull().default(0),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/** Brute-force state per login (lower-cased), in the database so that every instance sees it. */
export const loginThrottle = pgTable('login_throttle', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Captcha tokens already used (hashed): a token is accepted once. */
export const usedCaptchaTokens = pgTable('used_captcha_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Versions of the terms of use; the highest published version is the current one. */
export const termsOfUse = pgTable('terms_of_use', {
  version: integer('version').primaryKey(),
  fileName: text('file_name').notNull(),
  content: text('content_base64').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version')
      .notNull()
      .references(() => termsOfUse.version),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    browserInfo: text('browser_info').notNull().default(''),
  },
  (table) => [index('terms_acceptances_user_idx').on(table.userId, table.version)],
);

/**
 * Security settings that are not public (the public look is platform_settings): one row, edited by the
 * administration area.
 */
export const securitySettings = pgTable('security_settings', {
  id: integer('id').primaryKey().default(1),
  platformMfaEnabled: boolean('platform_mfa_enabled').notNull().default(false),
  passwordMinLength: integer('password_min_length').notNull().default(8),
  /** Days a password lasts; null = never expires. */
  passwordMaxAgeDays: integer('password_max_age_days'),
  sessionIdleMinutes: integer('session_idle_minutes').notNull().default(60),
  sessionAbsoluteHours: integer('session_absolute_hours').notNull().default(12),
  /** The reCAPTCHA secret, encrypted at rest. */
  recaptchaSecret: text('recaptcha_secret').notNull().default(''),
  recaptchaVerifyUrl: text('recaptcha_verify_url')
    .notNull()
    .default('https://www.google.com/recaptcha/api/siteverify'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
