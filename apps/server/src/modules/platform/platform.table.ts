import type { ColourShades } from '@der/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The platform settings of spec §1: exactly one row (id = 1). Enumerated values (theme, layout, language) are
 * plain text here and validated by the contract schema on write, so a new palette needs no migration.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    theme: text('theme').notNull(),
    font: text('font').notNull(),
    defaultLanguage: text('default_language').notNull(),
    brand: text('brand').notNull(),
    bgLogin: text('bg_login').notNull(),
    logo: text('logo').notNull(),
    loginLogo: text('login_logo').notNull(),
    logoWhite: text('logo_white').notNull(),
    bg: text('bg').notNull(),
    layout: text('layout').notNull(),
    showFooter: boolean('show_footer').notNull(),
    footerLogoRight: text('footer_logo_right').notNull(),
    footerLogoLeft: text('footer_logo_left').notNull(),
    enableRecaptcha: boolean('enable_recaptcha').notNull(),
    recaptchaSiteKey: text('recaptcha_site_key').notNull(),
    requireTermsOfUse: boolean('require_terms_of_use').notNull(),
    enableMultiLanguage: boolean('enable_multi_language').notNull(),
    enableBPMComponent: boolean('enable_bpm_component').notNull(),
    maintenance: boolean('maintenance').notNull(),
    primaryColor: jsonb('primary_color').$type<ColourShades>().notNull(),
    secondaryColor: jsonb('secondary_color').$type<ColourShades>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [check('platform_settings_single_row', sql`${table.id} = 1`)],
);

export type PlatformSettingsRow = typeof platformSettings.$inferSelect;
