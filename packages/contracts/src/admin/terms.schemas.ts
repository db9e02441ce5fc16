import { z } from 'zod';

/** Largest terms-of-use PDF accepted (10 MiB). */
export const TERMS_PDF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A new terms-of-use PDF, base64-encoded (a data: URL prefix is accepted). The server checks the content:
 * it must start with `%PDF-` and parse as a PDF, else 400 naming `body.contentBase64` ('invalidValue');
 * larger than TERMS_PDF_MAX_BYTES answers 413 PAYLOAD_TOO_LARGE.
 */
export const TermsPublishBodySchema = z.object({
  /** The name of the uploaded file, kept only for the audit trail. */
  fileName: z.string().trim().max(255).default(''),
  contentBase64: z.string({ error: 'required' }).min(1, { error: 'required' }),
});
export type TermsPublishBody = z.input<typeof TermsPublishBodySchema>;

export const TermsVersionSchema = z.object({
  version: z.number().int(),
  fileName: z.string(),
  /** ISO instant. */
  publishedAt: z.string(),
  sizeBytes: z.number().int(),
  /** How many users accepted this version. */
  acceptances: z.number().int(),
  /** The version users must accept now (the highest). */
  current: z.boolean(),
});
export type TermsVersion = z.infer<typeof TermsVersionSchema>;

export const TermsPublishResultSchema = TermsVersionSchema;

export const TermsVersionQuerySchema = z.object({ version: z.coerce.number().int().positive() });
