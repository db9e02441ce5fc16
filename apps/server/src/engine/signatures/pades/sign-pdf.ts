import { createHash } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { errorWithParams } from '../../../infra/http/app-error.ts';
import { buildAdRbCms } from './ad-rb-cms.ts';
import type { CertificateSummary } from './certificate-summary.ts';
import { openPkcs12, type SigningCredentials } from './pkcs12.ts';
import { appendSignaturePlaceholder, isCertified, signedFieldCount } from './signature-placeholder.ts';

export interface SignatureDetails {
  reason: string;
  location: string;
  /** When the signature is made (the PDF's /M); tests pass a date to check the validity period. */
  signedAt?: Date;
  /** The file's name, for the messages. */
  fileName?: string;
}

export interface SignedPdf {
  pdf: Buffer;
  signer: CertificateSummary;
  signedAt: Date;
  /** SHA-256 (hex) of the signed file as stored. */
  sha256: string;
}

class AdRbSigner extends Signer {
  private readonly credentials: SigningCredentials;

  constructor(credentials: SigningCredentials) {
    super();
    this.credentials = credentials;
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Buffer.from(await buildAdRbCms(pdfBuffer, this.credentials));
  }
}

export function isPdf(bytes: Uint8Array): boolean {
  // The header may follow up to 1 KiB of junk (ISO 32000-1 §7.5.2 tolerance readers apply).
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

async function loadPdf(pdf: Uint8Array, fileName: string): Promise<PDFDocument> {
  if (!isPdf(pdf)) throw errorWithParams('SIGNATURE_NOT_PDF', { name: fileName });
  try {
    return await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    throw errorWithParams('SIGNATURE_NOT_PDF', { name: fileName });
  }
}

/**
 * Signs a PDF in PAdES, ICP-Brasil AD-RB v1.3 (CMS from buildAdRbCms, SubFilter ETSI.CAdES.detached).
 * The signature is always an incremental update; a document without signatures is first rewritten once by
 * pdf-lib into a classic cross-reference table (harmless: nothing signed it yet), so later updates append
 * to a structure every reader follows. The first signature certifies the document (DocMDP P=2), later ones
 * are approval signatures that leave the earlier ones valid.
 */
export async function signPdfWith(
  pdf: Uint8Array,
  credentials: SigningCredentials,
  details: SignatureDetails,
): Promise<SignedPdf> {
  const fileName = details.fileName ?? 'documento.pdf';
  const signedAt = details.signedAt ?? new Date();
  const { notBefore, notAfter } = credentials.summary;
  if (signedAt < notBefore || signedAt > notAfter) {
    throw errorWithParams('SIGNATURE_CERTIFICATE_EXPIRED', { notAfter: notAfter.toISOString().slice(0, 10) });
  }
  let base = Buffer.from(pdf);
  let doc = await loadPdf(base, fileName);
  const alreadySigned = signedFieldCount(doc) > 0;
  if (!alreadySigned) {
    base = Buffer.from(await doc.save({ useObjectStreams: false }));
    doc = await PDFDocument.load(base, { updateMetadata: false });
  }
  const prepared = appendSignaturePlaceholder(base, doc, {
    reason: details.reason,
    location: details.location,
    signerName: credentials.summary.commonName,
    signedAt,
    certify: !alreadySigned && !isCertified(doc),
  });
  const signed = await new SignPdf().sign(prepared, new AdRbSigner(credentials));
  return {
    pdf: signed,
    signer: credentials.summary,
    signedAt,
    sha256: createHash('sha256').update(signed).digest('hex'),
  };
}

/** signPdfWith for an A1 given as its PKCS#12 file and password (the password is used here and dropped). */
export async function signPdf(
  pdf: Uint8Array,
  options: SignatureDetails & { p12: Uint8Array; password: string },
): Promise<SignedPdf> {
  if (!isPdf(pdf)) throw errorWithParams('SIGNATURE_NOT_PDF', { name: options.fileName ?? 'documento.pdf' });
  const credentials = await openPkcs12(options.p12, options.password);
  return signPdfWith(pdf, credentials, options);
}
