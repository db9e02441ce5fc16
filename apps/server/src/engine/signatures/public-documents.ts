import { randomBytes } from 'node:crypto';
import type { ValidarDocumentoResult } from '@der/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from '../attachments/attachments.table.ts';
import { findComponent } from '../definitions/components.repo.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { maskCpf, maskSubject } from './pades/certificate-summary.ts';
import type { SignedPdf } from './pades/sign-pdf.ts';
import { type DocumentSignatureRow, documentSignatures, publicDocuments } from './signatures.table.ts';

/** The public check address of a document (the stamp's QR code, the protocol). */
export function checkUrlOf(publicUrl: string, uid: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/validarDocumento?uid=${encodeURIComponent(uid)}`;
}

/** A new public uid: 128 random bits, so the uid space cannot be swept. */
export function newPublicUid(): string {
  return randomBytes(16).toString('base64url');
}

/** The attachment's public uid when it has one. */
export async function publicUidOf(tx: Db, attachmentId: number): Promise<string | null> {
  const [existing] = await tx
    .select({ uid: publicDocuments.uid })
    .from(publicDocuments)
    .where(eq(publicDocuments.attachmentId, attachmentId));
  return existing?.uid ?? null;
}

/**
 * Gives the attachment `uid` as its public identity — the uid a document was drawn with, its QR code printed
 * before the attachment existed — unless it already has one.
 */
export async function registerPublicUid(tx: Db, uid: string, attachmentId: number): Promise<void> {
  await tx.insert(publicDocuments).values({ uid, attachmentId, stampedAt: null }).onConflictDoNothing();
}

/** The attachment's public uid, created on first need. */
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
  const uid = newPublicUid();
  await tx.insert(publicDocuments).values({ uid, attachmentId, stampedAt });
  return uid;
}

/** Records the department's A1 signature of a version a workflow effect made (a generated or stamped document). */
export async function recordDepartmentSignature(
  tx: Db,
  input: { attachmentId: number; fileId: number; signedBy: number; signed: SignedPdf },
): Promise<void> {
  const { signer } = input.signed;
  await tx.insert(documentSignatures).values({
    attachmentId: input.attachmentId,
    fileId: input.fileId,
    signedBy: input.signedBy,
    signerName: signerNameOf(signer.commonName),
    cpfMasked: maskCpf(signer.cpf),
    certificateSubject: signer.subject,
    certificateSerial: signer.serialNumber,
    signedAt: input.signed.signedAt,
    documentSha256: input.signed.sha256,
  });
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
 * current file's SHA-256 and name, the signatures (CPF and subject masked), the request it belongs to and its
 * status, and — when the visitor sent the
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
      itemId: runtimeAttachments.itemId,
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
    process: null,
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
    process: await processOf(db, document.itemId),
  };
}

/** The request a document belongs to, as the public check shows it: kind, number and status, nothing personal. */
async function processOf(db: Db, itemId: number): Promise<ValidarDocumentoResult['process']> {
  const [item] = await db
    .select({
      componentId: runtimeItems.componentId,
      formattedId: runtimeItems.formattedId,
      status: runtimeItems.status,
    })
    .from(runtimeItems)
    .where(eq(runtimeItems.id, itemId));
  const component = item ? await findComponent(db, item.componentId) : null;
  if (!item || !component) return null;
  const status = component.definition.workflow?.statuses.find((candidate) => candidate.key === item.status);
  return {
    label: component.definition.label,
    formattedId: item.formattedId,
    statusName: status?.name ?? null,
    statusColor: status?.color ?? null,
  };
}
