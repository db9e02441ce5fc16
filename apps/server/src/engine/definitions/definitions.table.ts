import type { ApplicationDefinition, ComponentDefinition } from '@der/contracts';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { applications } from '../../modules/applications/applications.table.ts';

/** The current definition of each application (one row per application key). */
export const applicationDefinitions = pgTable(
  'application_definitions',
  {
    id: serial('id').primaryKey(),
    /** ApplicationDefinition.key: the application's identity across versions and installations. */
    key: text('key').notNull(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<ApplicationDefinition>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('application_definitions_key_unique').on(table.key),
    uniqueIndex('application_definitions_application_unique').on(table.applicationId),
  ],
);
export type ApplicationDefinitionRow = typeof applicationDefinitions.$inferSelect;

/** Every version ever imported, kept for export and audit (never updated). */
export const applicationDefinitionVersions = pgTable(
  'application_definition_versions',
  {
    key: text('key').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').$type<ApplicationDefinition>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.key, table.version] })],
);

/**
 * The components of the current definitions, one row each, so items can reference them and lookups by id or
 * name need no JSON scan. A component removed from a definition keeps its row (and its items) with
 * `removedAt` set.
 */
export const runtimeComponents = pgTable(
  'runtime_components',
  {
    /** ComponentDefinition.id, chosen by the definition's author. */
    id: integer('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<ComponentDefinition>().notNull(),
    definitionVersion: integer('definition_version').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('runtime_components_name_unique').on(table.name),
    index('runtime_components_application_idx').on(table.applicationId),
  ],
);
export type RuntimeComponentRow = typeof runtimeComponents.$inferSelect;
