import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';

/** PostgreSQL bytea; PGlite answers Uint8Array and node-postgres Buffer, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files stored by the file chooser, image and image list components: BINARY fields of items hold their ids.
 * A file is its uploader's alone until a save first references it (`referencedAt`); from then on whoever may
 * see an item holding it may download it (files.service.ts). The bytes live in the file store
 * (infra/storage), addressed by `sha256`; several rows may share one blob.
 */
export const runtimeFiles = pgTable(
  'runtime_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Sanitised (file-name.ts). */
    fileName: text('file_name').notNull(),
    /** Found from the content (file-type.ts), never the type the browser declared. */
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the content: the blob's address in the file store, checked on every read. */
    sha256: text('sha256').notNull(),
    /**
     * The bytes of a file stored before the file store existed, until the start-up move (move-to-store.ts)
     * puts them in the store; null for every other file.
     */
    content: bytea('content'),
    /** When a saved item first held the file (null: only uploaded). */
    referencedAt: timestamp('referenced_at', { withTimezone: true, mode: 'date' }),
    /** When the orphan sweep first found nothing referencing the file any more (removed a grace period later). */
    orphanedAt: timestamp('orphaned_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('runtime_files_uploaded_by_idx').on(table.uploadedBy),
    // "Does any row still use this blob?" before the sweep deletes one.
    index('runtime_files_sha256_idx').on(table.sha256),
    // The orphan sweep's rounds: uploads never referenced, and files found unreferenced.
    index('runtime_files_unreferenced_idx').on(table.uploadedAt).where(sql`${table.referencedAt} is null`),
    index('runtime_files_orphaned_idx').on(table.orphanedAt).where(sql`${table.orphanedAt} is not null`),
    // The start-up move's batches: only rows still holding their bytes.
    index('runtime_files_content_pending_idx').on(table.id).where(sql`${table.content} is not null`),
  ],
);
export type RuntimeFileRow = typeof runtimeFiles.$inferSelect;
