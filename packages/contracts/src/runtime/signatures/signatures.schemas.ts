import { z } from 'zod';
import { AttachmentSchema } from '../attachments/attachments.schemas.ts';
import { LocalizedTextSchema } from '../definition/localized-text.ts';
import { ItemIdSchema } from '../items/items.schemas.ts';

const AttachmentIdSchema = z.number().int().positive();
/** A PKCS#12 (.pfx/.p12) file as base64: A1 files are a few KiB; 64 KiB leaves room for long chains. */
export const CertificateFileSchema = z.base64().max(90_000);
/** The certificate's password: used for one call, never stored nor logged. */
export const CertificatePasswordSchema = z.string().min(1).max(200);

/** What the product shows about a certificate (never its key). */
export const CertificateInfoSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.iso.datetime({ offset: true }),
  notAfter: z.iso.datetime({ offset: true }),
  /** Masked like ***.456.789-**; null when the certificate carries no CPF. */
  cpfMasked: z.string().nullable(),
});
export type CertificateInfo = z.infer<typeof CertificateInfoSchema>;

export const MyCertificateSchema = z.object({ certificate: CertificateInfoSchema.nullable() });
export const SaveCertificateBodySchema = z.object({
  certificate: CertificateFileSchema,
  /** Checked by opening the file; not kept. */
  password: CertificatePasswordSchema,
});

/** spec §7.6 signFileAttachment, plus the A1 sent with the call when none is kept (or another is wanted). */
export const SignFileAttachmentBodySchema = z.object({
  attachment: AttachmentIdSchema,
  password: CertificatePasswordSchema,
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  certificate: CertificateFileSchema.optional(),
  /** Keep the certificate sent with this call (sealed) for the next signatures. */
  keepCertificate: z.boolean().optional(),
  reason: z.string().trim().max(200).optional(),
});

export const SignatureRecordSchema = z.object({
  signerName: z.string(),
  cpfMasked: z.string().nullable(),
  certificateSubject: z.string(),
  certificateSerial: z.string(),
  signedAt: z.iso.datetime({ offset: true }),
  documentSha256: z.string(),
});
export type SignatureRecord = z.infer<typeof SignatureRecordSchema>;

export const SignFileAttachmentResultSchema = z.object({
  attachment: AttachmentSchema,
  signature: SignatureRecordSchema,
  /** The 'Protocolo de Assinatura' attachment issued, or null with the reason in protocolError. */
  protocolAttachmentId: z.number().int().positive().nullable(),
  /** Translated message when the protocol could not be issued (the signature stands). */
  protocolError: z.string().nullable(),
});

/** spec §7.6 stampFileAttachment. `template` is the stamp's text with {{key}} item fields (lines by \n). */
export const StampFileAttachmentBodySchema = z.object({
  attachment: AttachmentIdSchema,
  itemId: ItemIdSchema,
  template: z.string().trim().max(1000).optional(),
  projectItemTypeId: z.number().int().positive().nullable().optional(),
  component: z.string().max(200).nullable().optional(),
});
export const StampFileAttachmentResultSchema = z.object({
  attachment: AttachmentSchema,
  /** The public check id of the stamped document (its QR code points to /validarDocumento?uid=). */
  uid: z.string(),
});

export const ValidarDocumentoQuerySchema = z.object({
  uid: z.string().trim().min(8).max(64),
  /** SHA-256 (hex) of a file the visitor holds: the answer says whether it is this document. */
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
});
export const ValidarDocumentoResultSchema = z.object({
  valid: z.boolean(),
  fileName: z.string().nullable(),
  /** SHA-256 of the document's current (stamped/signed) version. */
  sha256: z.string().nullable(),
  stampedAt: z.iso.datetime({ offset: true }).nullable(),
  signatures: z.array(SignatureRecordSchema),
  /** Only when sha256 was asked: whether that file is a version of this document. */
  matches: z.boolean().nullable(),
  /**
   * The request the document belongs to, as the public may see it: its kind, number and current status (a
   * revoked permit's drawings stay authentic, and the check says the permit is revoked). No personal data.
   */
  process: z
    .object({
      label: LocalizedTextSchema,
      formattedId: z.string(),
      statusName: LocalizedTextSchema.nullable(),
      statusColor: z.string().nullable(),
    })
    .nullable(),
});
export type ValidarDocumentoResult = z.infer<typeof ValidarDocumentoResultSchema>;

export const DepartmentCertificateSchema = z.object({ certificate: CertificateInfoSchema.nullable() });
