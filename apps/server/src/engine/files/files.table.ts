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
 * see an item holding it may download it (files.service.ts).
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
    /** Hex SHA-256 of the content, for integrity checks and finding duplicates. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    /** When a saved item first held the file (null: only uploaded). */
    referencedAt: timestamp('referenced_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('runtime_files_uploaded_by_idx').on(table.uploadedBy)],
);
export type RuntimeFileRow = typeof runtimeFiles.$inferSelect;
