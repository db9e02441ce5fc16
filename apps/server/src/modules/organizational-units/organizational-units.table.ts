import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The department's organisational structure (Superintendência → Diretorias → Divisões …), the values of
 * ORGANIZATIONAL_STRUCTURE fields. A unit is deactivated rather than deleted once items point at it.
 */
export const organizationalUnits = pgTable(
  'organizational_units',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The sigla (DO, DFD …), upper-case; '' when the unit has none. */
    acronym: text('acronym').notNull().default(''),
    // No cascade: a unit with children cannot be deleted (the service answers 409 first).
    parentId: integer('parent_id').references((): AnyPgColumn => organizationalUnits.id),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    // Siblings are told apart by name whatever the case; roots share the parent "0".
    uniqueIndex('organizational_units_sibling_name_unique').on(
      sql`coalesce(${table.parentId}, 0)`,
      sql`lower(${table.name})`,
    ),
    index('organizational_units_parent_idx').on(table.parentId),
  ],
);
export type OrganizationalUnitRow = typeof organizationalUnits.$inferSelect;
