import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Issued AET documents. `uid` is the random (≥ 128-bit) token of the QR code: never the sequential number,
 * so an AET cannot be guessed or forged by changing a digit.
 */
export const issuedAets = pgTable(
  'issued_aets',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    number: integer('number').notNull(),
    year: integer('year').notNull(),
    requerenteUserId: integer('requerente_user_id'),
    status: text('status', { enum: ['vigente', 'expirada', 'suspensa', 'cancelada'] }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The issued document data (what the PDF shows). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    pdfBase64: text('pdf_base64').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('issued_aets_number_idx').on(table.year, table.number)],
);
