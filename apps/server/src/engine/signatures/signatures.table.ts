import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeAttachments } from '../attachments/attachments.table.ts';
import { runtimeFiles } from '../files/files.table.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's own A1 certificate (PKCS#12) kept for their next signatures, sealed with the instance key
 * (secret-box, context `signing-certificate:user:<id>`). Its password is never stored: the user types it at
 * every signature. Subject and validity are kept apart to show without opening the file.
 */
export const userSigningCertificates = pgTable('user_signing_certificates', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedPkcs12: text('sealed_pkcs12').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  serialNumber: text('serial_number').notNull(),
  cpfMasked: text('cpf_masked'),
  notBefore: at('not_before').notNull(),
  notAfter: at('not_after').notNull(),
  savedAt: at('saved_at').notNull().defaultNow(),
});

/**
 * The department's A1, set by an administrator: one row (id 1). It signs what the workflow issues without a
 * person present, so its password is sealed together with the file (context `signing-certificate:department`).
 */
export const departmentSigningCertificate = pgTable(
  'department_signing_certificate',
  {
    id: integer('id').primaryKey().default(1),
    sealedCredentials: text('sealed_credentials').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    cpfMasked: text('cpf_masked'),
    notBefore: at('not_before').notNull(),
    notAfter: at('not_after').notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: at('saved_at').notNull().defaultNow(),
  },
  (table) => [check('department_signing_certificate_single_row', sql`${table.id} = 1`)],
);

/**
 * A document's public identity: the uid of its QR code and of /validarDocumento?uid=. One per attachment
 * (given at the first stamp or signature); the check reads the attachment's versions through it.
 */
export const publicDocuments = pgTable('public_documents', {
  uid: text('uid').primaryKey(),
  attachmentId: bigint('attachment_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => runtimeAttachments.id, { onDelete: 'cascade' }),
  stampedAt: at('stamped_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Each signature made: who (name, masked CPF, certificate subject and serial), when, and the SHA-256 of the
 * signed file (the version it produced). Personal data is kept masked: the full CPF stays in the PDF only.
 */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attachmentId: bigint('attachment_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeAttachments.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeFiles.id, { onDelete: 'cascade' }),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    cpfMasked: text('cpf_masked'),
    certificateSubject: text('certificate_subject').notNull(),
    certificateSerial: text('certificate_serial').notNull(),
    signedAt: at('signed_at').notNull(),
    documentSha256: text('document_sha256').notNull(),
  },
  (table) => [
    index('document_signatures_attachment_idx').on(table.attachmentId),
    index('document_signatures_sha_idx').on(table.documentSha256),
  ],
);
export type DocumentSignatureRow = typeof documentSignatures.$inferSelect;
