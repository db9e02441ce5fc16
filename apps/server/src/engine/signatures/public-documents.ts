import { randomBytes } from 'node:crypto';
import type { ValidarDocumentoResult } from '@der/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from '../attachments/attachments.table.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { maskSubject } from './pades/certificate-summary.ts';
import { type DocumentSignatureRow, documentSignatures, publicDocuments } from './signatures.table.ts';

/** The public check address of a document (the stamp's QR code, the protocol). */
export function checkUrlOf(publicUrl: string, uid: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/validarDocumento?uid=${encodeURIComponent(uid)}`;
}

/** The attachment's public uid, created on first need (128 random bits: the uid space cannot be swept). */
export async function ensurePublicUid(tx: Db, attachmentId: number, stampedAt: Date | null): Promise<string> {
  const [existing] = await tx
    .select()
    .from(publicDocuments)
    .where(eq(publicDocuments.attachmentId, attachmentId));
  if (existing) {
    if (stampedAt && !existing.stampedAt)
      await tx.update(publicDocuments).set({ stampedAt }).where(eq(publicDocuments.uid, existing.uid));
    return existing.uid;
  }
  const uid = randomBytes(16).toString('base64url');
  await tx.insert(publicDocuments).values({ uid, attachmentId, stampedAt });
  return uid;
}

/** The signer's name without the ':<CPF>' ICP-Brasil common names end with. */
export function signerNameOf(commonName: string): string {
  return commonName.replace(/:\d{11}$/, '');
}

export function signatureRecord(row: DocumentSignatureRow) {
  return {
    signerName: row.signerName,
    cpfMasked: row.cpfMasked,
    certificateSubject: maskSubject(row.certificateSubject),
    certificateSerial: row.certificateSerial,
    signedAt: row.signedAt.toISOString(),
    documentSha256: row.documentSha256,
  };
}

export async function signaturesOf(db: Db, attachmentId: number): Promise<DocumentSignatureRow[]> {
  return db
    .select()
    .from(documentSignatures)
    .where(eq(documentSignatures.attachmentId, attachmentId))
    .orderBy(asc(documentSignatures.signedAt), asc(documentSignatures.id));
}

/**
 * The public check (/validarDocumento?uid=): whether the uid names a live stamped or signed document, its
 * current file's SHA-256 and name, the signatures (CPF and subject masked), and — when the visitor sent the
 * SHA-256 of the file they hold — whether that file is one of the document's stamped or signed versions.
 */
export async function validateDocument(
  db: Db,
  query: { uid: string; sha256?: string | undefined },
): Promise<ValidarDocumentoResult> {
  const asked = query.sha256?.toLowerCase();
  const [document] = await db
    .select({
      attachmentId: publicDocuments.attachmentId,
      stampedAt: publicDocuments.stampedAt,
      deletedAt: runtimeAttachments.deletedAt,
    })
    .from(publicDocuments)
    .innerJoin(runtimeAttachments, eq(runtimeAttachments.id, publicDocuments.attachmentId))
    .where(eq(publicDocuments.uid, query.uid));
  const none: ValidarDocumentoResult = {
    valid: false,
    fileName: null,
    sha256: null,
    stampedAt: null,
    signatures: [],
    matches: asked ? false : null,
  };
  if (!document || document.deletedAt) return none;
  const versions = await db
    .select({
      kind: runtimeAttachmentVersions.kind,
      sha256: runtimeFiles.sha256,
      fileName: runtimeFiles.fileName,
    })
    .from(runtimeAttachmentVersions)
    .innerJoin(runtimeFiles, eq(runtimeFiles.id, runtimeAttachmentVersions.fileId))
    .where(eq(runtimeAttachmentVersions.attachmentId, document.attachmentId))
    .orderBy(asc(runtimeAttachmentVersions.version));
  const authentic = versions.filter((version) => version.kind === 'stamp' || version.kind === 'sign');
  const current = versions.at(-1);
  if (!current || authentic.length === 0) return none;
  return {
    valid: current.kind === 'stamp' || current.kind === 'sign',
    fileName: current.fileName,
    sha256: current.sha256,
    stampedAt: document.stampedAt?.toISOString() ?? null,
    signatures: (await signaturesOf(db, document.attachmentId)).map(signatureRecord),
    matches: asked ? authentic.some((version) => version.sha256 === asked) : null,
  };
}
