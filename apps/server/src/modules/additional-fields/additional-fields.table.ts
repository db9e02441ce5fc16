import type { AdditionalFieldOption } from '@der/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Administrator-defined extra fields of users, permissionários, requerentes and companies. Their values live
 * in the `additional_fields` jsonb of the entity's row, keyed by `name`.
 */
export const additionalFieldDefinitions = pgTable(
  'additional_field_definitions',
  {
    id: serial('id').primaryKey(),
    entity: text('entity', { enum: ['user', 'permissionario', 'requerente', 'company'] }).notNull(),
    name: text('name').notNull(),
    labelPtBr: text('label_pt_br').notNull(),
    labelEn: text('label_en').notNull(),
    type: text('type', {
      enum: ['STRING', 'INTEGER', 'DECIMAL', 'CURRENCY', 'BOOLEAN', 'DATE_TIME', 'PICKLIST'],
    }).notNull(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<AdditionalFieldOption[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('additional_field_definitions_entity_name_unique').on(table.entity, table.name),
    index('additional_field_definitions_entity_idx').on(table.entity, table.position),
  ],
);
export type AdditionalFieldRow = typeof additionalFieldDefinitions.$inferSelect;
