import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';

/**
 * The idempotency keys of spreadsheet imports (importExcel's `Idempotency-Key`), per user: a request sent
 * twice with the same key and file answers the first import's result instead of importing its rows again.
 * The primary key makes two requests racing with one key meet here: only one of them inserts the row and
 * imports. Rows are short-lived (infra/housekeeping prunes them after IMPORT_KEYS_KEPT_MS).
 */
export const importIdempotencyKeys = pgTable(
  'import_idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Hex SHA-256 of the uploaded file: the same key with another file is refused (409). */
    fileSha256: text('file_sha256').notNull(),
    /** `componentId:projectId` the file was imported into: the same key for another target is refused too. */
    target: text('target').notNull(),
    /** When the import started; a key whose import never finished is taken over after a while. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The import's answer (ImportExcelResult), written in the import's own transaction; null while running. */
    result: jsonb('result'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
export type ImportIdempotencyKeyRow = typeof importIdempotencyKeys.$inferSelect;
