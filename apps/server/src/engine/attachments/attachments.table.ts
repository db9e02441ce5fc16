import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { runtimeItems } from '../items/items.table.ts';

/** File index values of one attachment, keyed by the file index key of its component (contracts AttachmentFileIndexes). */
export type AttachmentFileIndexValues = Record<string, string | number | null>;

/** How a version came to be: uploaded, replaced by the user, stamped or signed (signatures build on the last two). */
export const ATTACHMENT_VERSION_KINDS = ['upload', 'replace', 'stamp', 'sign'] as const;
export type AttachmentVersionKind = (typeof ATTACHMENT_VERSION_KINDS)[number];

/**
 * Files attached to an item through one `attachments` component of its form (`widgetKey`: the component's key).
 * The bytes live in runtime_files; each change of the document (replace, stamp, sign) adds a version and keeps
 * the earlier ones, so a signed document's history stays downloadable. Deleting an attachment marks it
 * (`deletedAt`) so the list and the row markers leave it out while its versions stay for the audit trail.
 */
export const runtimeAttachments = pgTable(
  'runtime_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    widgetKey: text('widget_key').notNull(),
    fileIndexes: jsonb('file_indexes').$type<AttachmentFileIndexValues>().notNull().default(sql`'{}'::jsonb`),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // The list of one component of one item, and the row markers (any attachment not deleted).
    index('runtime_attachments_item_idx')
      .on(table.itemId, table.widgetKey)
      .where(sql`${table.deletedAt} is null`),
    // getAllFileIndexes: containment searches over the values.
    index('runtime_attachments_file_indexes_idx').using('gin', table.fileIndexes),
  ],
);
export type RuntimeAttachmentRow = typeof runtimeAttachments.$inferSelect;

/** The versions of an attachment: the current one is the highest `version`. */
export const runtimeAttachmentVersions = pgTable(
  'runtime_attachment_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attachmentId: bigint('attachment_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeAttachments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // Cascade: the orphan sweep removes files no live attachment holds (attachment-file-references.ts), and
    // with them the versions of deleted attachments; a live attachment's files are never swept.
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeFiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AttachmentVersionKind>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('runtime_attachment_versions_unique').on(table.attachmentId, table.version),
    // The storage sweep asks whether a file is still referenced.
    index('runtime_attachment_versions_file_idx').on(table.fileId),
    check(
      'runtime_attachment_versions_kind_check',
      sql`${table.kind} in ('upload', 'replace', 'stamp', 'sign')`,
    ),
    check('runtime_attachment_versions_version_check', sql`${table.version} >= 1`),
  ],
);
export type RuntimeAttachmentVersionRow = typeof runtimeAttachmentVersions.$inferSelect;
