import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Companies users belong to (users.company_id). The CNPJ is stored normalised: 14 characters, upper-case,
 * alphanumeric-ready (the 2026 CNPJ format), so uniqueness holds whatever punctuation was typed.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    cnpj: text('cnpj').notNull(),
    name: text('name').notNull(),
    tradeName: text('trade_name').notNull().default(''),
    /** Values of the administrator-defined fields of entity 'company' (additional_field_definitions), by name. */
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('companies_cnpj_unique').on(table.cnpj),
    index('companies_name_idx').on(sql`lower(${table.name})`),
  ],
);
export type CompanyTableRow = typeof companies.$inferSelect;
