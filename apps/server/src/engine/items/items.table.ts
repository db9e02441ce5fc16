import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Configured field values of an item, keyed by FieldDefinition.key (see FieldStorageKind for each type). */
export type ItemData = Record<string, unknown>;

/**
 * Generic items (spec §3 system field keys) of every component. Projects are items too: items of a component
 * with `isProject`, whose own `projectId` is null. Configured fields live in `data`; filterable fields get
 * partial expression indexes per component, created when a definition is imported.
 *
 * The references to users and components are checked by statement-level triggers (migration 0012), not by
 * foreign keys: a foreign key checks and locks its row once per inserted row — four times per item —, which
 * was 40 % of a bulk import's time; the triggers check and lock each distinct id once per statement. A user
 * an item or a version names cannot be deleted (users are deactivated instead, see admin-users).
 */
export const runtimeItems = pgTable(
  'runtime_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    componentId: integer('component_id').notNull(),
    /** The project item this item belongs to (null for project items themselves). */
    projectId: bigint('project_id', { mode: 'number' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    formattedId: text('formatted_id').notNull(),
    title: text('title').notNull().default(''),
    /** The workflow status key of the component's definition. */
    status: text('status'),
    responsibleId: integer('responsible_id'),
    /** The group whose queue the item waits in ('Analistas'), set by workflow actions (engine/workflow). */
    responsibleGroupId: integer('responsible_group_id'),
    creatorId: integer('creator_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifierId: integer('modifier_id'),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Starts at 1 and grows by one per save: the expected version of an update (HTTP 409 when it differs). */
    version: integer('version').notNull().default(1),
    position: integer('position').notNull().default(0),
    reason: text('reason'),
    hasAttachment: boolean('has_attachment').notNull().default(false),
    hasDigitalContent: boolean('has_digital_content').notNull().default(false),
    data: jsonb('data').$type<ItemData>().notNull().default(sql`'{}'::jsonb`),
    // Deadlines (engine/deadlines, issue 16): set when the item enters a status with an SLA, cleared when it
    // leaves; the sweeper warns once at dueSoonAt and escalates once at dueAt (warnedAt, escalatedAt).
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    dueSoonAt: timestamp('due_soon_at', { withTimezone: true, mode: 'date' }),
    warnedAt: timestamp('warned_at', { withTimezone: true, mode: 'date' }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('runtime_items_formatted_id_unique').on(table.componentId, table.formattedId),
    index('runtime_items_component_id_idx').on(table.componentId, table.id),
    index('runtime_items_component_project_idx').on(table.componentId, table.projectId, table.id),
    index('runtime_items_component_modified_idx').on(table.componentId, table.modifiedAt, table.id),
    index('runtime_items_component_created_idx').on(table.componentId, table.createdAt, table.id),
    // Partial: most items have no parent or no responsible, and project items no project. An index entry for
    // each null cost every insert (an import of 10 000 rows) a write into the index for nothing a query looks
    // up; `column = value` still uses the partial index (equality implies not null).
    index('runtime_items_project_idx').on(table.projectId).where(sql`${table.projectId} is not null`),
    index('runtime_items_parent_idx').on(table.parentId).where(sql`${table.parentId} is not null`),
    index('runtime_items_creator_idx').on(table.creatorId),
    index('runtime_items_responsible_idx')
      .on(table.responsibleId)
      .where(sql`${table.responsibleId} is not null`),
    index('runtime_items_responsible_group_idx')
      .on(table.responsibleGroupId)
      .where(sql`${table.responsibleGroupId} is not null`),
    // A list sorted by DueDate: the rows with a deadline are one range of this index (list-order.ts reads
    // them apart from the rows without one); items without a deadline cost it nothing.
    index('runtime_items_component_due_idx')
      .on(table.componentId, table.dueAt, table.id)
      .where(sql`${table.dueAt} is not null`),
    // The deadline sweeper's rounds: only items whose reminder is still to be sent are in these indexes.
    index('runtime_items_due_warning_idx')
      .on(table.dueSoonAt)
      .where(sql`${table.dueSoonAt} is not null and ${table.warnedAt} is null`),
    index('runtime_items_due_escalation_idx')
      .on(table.dueAt)
      .where(sql`${table.dueAt} is not null and ${table.escalatedAt} is null`),
  ],
);
export type RuntimeItemRow = typeof runtimeItems.$inferSelect;

/**
 * One row per saved version of an item (spec §7.6 history): who, when, what changed, and the whole item as it
 * was after the save, so any two versions can be compared. Kept when the item is deleted (no foreign key).
 */
export const runtimeItemVersions = pgTable(
  'runtime_item_versions',
  {
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    componentId: integer('component_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    changedBy: integer('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Field key (system keys included, e.g. 'Title', 'status') → { from, to }. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    /** The item after this save: system fields and data. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.version] })],
);

/** Formatted-ID sequences: one counter per component and year, advanced by an atomic upsert. */
export const runtimeFormattedIdSequences = pgTable(
  'runtime_formatted_id_sequences',
  {
    componentId: integer('component_id').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.componentId, table.year] })],
);
