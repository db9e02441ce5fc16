import type { Attachment, SignFileAttachmentBodySchema, StampFileAttachmentBodySchema } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import type { FileStore } from '../../infra/storage/file-store.ts';
import { type AttachmentForActor, loadAttachmentForActor } from '../attachments/attachment-access.ts';
import { toAttachments } from '../attachments/attachment-view.ts';
import { addAttachmentVersion, insertAttachment } from '../attachments/attachments.repo.ts';
import { runtimeAttachments } from '../attachments/attachments.table.ts';
import { findFileContent, insertFile } from '../files/files.repo.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { documentsAwaitingSignatureOf } from '../workflow/signature-steps.ts';
import {
  DEFAULT_SIGNATURE_REASON,
  DEFAULT_STAMP_TEMPLATE,
  locationText,
  signingConfigOf,
} from './attachment-signing-config.ts';
import { itemTemplateValues } from './item-template-values.ts';
import { maskCpf } from './pades/certificate-summary.ts';
import { signPdfWith } from './pades/sign-pdf.ts';
import {
  checkUrlOf,
  ensurePublicUid,
  signatureRecord,
  signaturesOf,
  signerNameOf,
} from './public-documents.ts';
import { renderSignatureProtocol } from './signature-protocol.ts';
import { documentSignatures } from './signatures.table.ts';
import type { SigningCertificates } from './signing-certificates.ts';
import { fillStampTemplate, stampPdf } from './stamp/stamp-pdf.ts';

type SignBody = z.infer<typeof SignFileAttachmentBodySchema>;
type StampBody = z.infer<typeof StampFileAttachmentBodySchema>;

export interface SignaturesDeps {
  db: Db;
  fileStore: FileStore;
  certificates: SigningCertificates;
  publicUrl: string;
  now: () => Date;
}

const PDF = 'application/pdf';

/**
 * Signing and stamping of attachments (spec §7.6): each makes a new version of the attachment in one
 * transaction (the file, the version, the public uid and the signature record), refused when another change
 * of the same attachment landed meanwhile (a stamp or signature made on a stale file would drop it).
 */
export function createSignaturesService(deps: SignaturesDeps) {
  const { db, fileStore, certificates, publicUrl, now } = deps;

  async function pdfContent(access: AttachmentForActor, notPdf: 'SIGNATURE_NOT_PDF' | 'STAMP_NOT_PDF') {
    if (access.file.mediaType !== PDF) throw errorWithParams(notPdf, { name: access.file.fileName });
    const content = await findFileContent(db, fileStore, access.file.id);
    if (!content) throw new AppError('NOT_FOUND');
    return content;
  }

  /** Stores `content` as the attachment's next version; CONFLICT when it is no longer the next one. */
  async function storeVersion(
    tx: Db,
    access: AttachmentForActor,
    actor: ItemActor,
    content: Buffer,
    kind: 'sign' | 'stamp',
    at: Date,
  ) {
    const file = await insertFile(tx, fileStore, {
      uploadedBy: actor.userId,
      uploadedAt: at,
      fileName: access.file.fileName,
      mediaType: PDF,
      content,
    });
    const version = await addAttachmentVersion(tx, {
      attachmentId: access.attachment.id,
      fileId: file.id,
      kind,
      createdBy: actor.userId,
      createdAt: at,
    });
    if (version.version !== access.current.version + 1) throw new AppError('CONFLICT');
    return file;
  }

  async function attachmentView(attachmentId: number): Promise<Attachment> {
    const rows = await db.select().from(runtimeAttachments).where(eq(runtimeAttachments.id, attachmentId));
    const [view] = await toAttachments(db, rows);
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  /** The protocol as a new attachment of the item, or the translated reason it could not be issued. */
  async function issueProtocol(
    access: AttachmentForActor,
    actor: ItemActor,
    template: string | null,
    uid: string,
    documentSha256: string,
  ): Promise<{ protocolAttachmentId: number | null; protocolError: string | null }> {
    if (!template)
      return {
        protocolAttachmentId: null,
        protocolError: translateError('SIGNATURE_PROTOCOL_TEMPLATE_MISSING', actor.language),
      };
    const at = now();
    const values = await itemTemplateValues(db, access.definition, access.item, actor, at);
    const pdf = await renderSignatureProtocol({
      openingLines: fillStampTemplate(template, values),
      fileName: access.file.fileName,
      documentSha256,
      checkUrl: checkUrlOf(publicUrl, uid),
      signers: await signaturesOf(db, access.attachment.id),
      language: actor.language,
    });
    const prefix = actor.language === 'en' ? 'Signature protocol' : 'Protocolo de Assinatura';
    const protocolAttachmentId = await db.transaction(async (tx) => {
      const file = await insertFile(tx, fileStore, {
        uploadedBy: actor.userId,
        uploadedAt: at,
        fileName: `${prefix} - ${access.file.fileName}`.slice(0, 240),
        mediaType: PDF,
        content: pdf,
      });
      return insertAttachment(tx, {
        itemId: access.item.id,
        widgetKey: access.attachment.widgetKey,
        fileId: file.id,
        addedBy: actor.userId,
        addedAt: at,
      });
    });
    return { protocolAttachmentId, protocolError: null };
  }

  /**
   * The attachment when the actor may sign it: they may change the item now, or the workflow waits for their
   * signature on this very document (a co-signature step), though they may change nothing else.
   */
  async function signableAttachment(actor: ItemActor, attachmentId: number): Promise<AttachmentForActor> {
    const access = await loadAttachmentForActor(db, actor, attachmentId, 'read');
    if (access.canEdit) return access;
    const awaiting = await documentsAwaitingSignatureOf(
      db,
      actor,
      access.definition,
      access.item,
      valuesOfItem(access.item),
      now(),
    );
    if (!awaiting.includes(access.attachment.id)) throw new AppError('ITEM_EDIT_FORBIDDEN');
    return access;
  }

  async function signFileAttachment(actor: ItemActor, body: SignBody) {
    const access = await signableAttachment(actor, body.attachment);
    // Spec §5: signing needs a saved item holding the attachment through a form's attachments component.
    const config = signingConfigOf(access.definition, access.attachment.widgetKey);
    if (!config) throw new AppError('SIGNATURE_NEEDS_SAVED_ITEM');
    const content = await pdfContent(access, 'SIGNATURE_NOT_PDF');
    const uploaded = body.certificate ? Buffer.from(body.certificate, 'base64') : undefined;
    const credentials = await certificates.signerCredentials(actor.userId, body.password, uploaded);
    const at = now();
    const values = await itemTemplateValues(db, access.definition, access.item, actor, at);
    const reason = fillStampTemplate(body.reason || DEFAULT_SIGNATURE_REASON[actor.language], values).join(
      ' ',
    );
    const signed = await signPdfWith(content, credentials, {
      reason,
      location: locationText(body.latitude, body.longitude),
      signedAt: at,
      fileName: access.file.fileName,
    });
    const summary = credentials.summary;
    const { uid, record } = await db.transaction(async (tx) => {
      const file = await storeVersion(tx, access, actor, signed.pdf, 'sign', at);
      const uid = await ensurePublicUid(tx, access.attachment.id, null);
      const [record] = await tx
        .insert(documentSignatures)
        .values({
          attachmentId: access.attachment.id,
          fileId: file.id,
          signedBy: actor.userId,
          signerName: signerNameOf(summary.commonName),
          cpfMasked: maskCpf(summary.cpf),
          certificateSubject: summary.subject,
          certificateSerial: summary.serialNumber,
          signedAt: at,
          documentSha256: signed.sha256,
        })
        .returning();
      if (uploaded && body.keepCertificate) await certificates.keepMine(actor.userId, uploaded, summary, tx);
      return { uid, record: record! };
    });
    // The signature stands whatever happens to the protocol: it is valid, and a missing template is reported.
    const protocol = await issueProtocol(access, actor, config.signatureProtocolTemplate, uid, signed.sha256);
    return {
      attachment: await attachmentView(access.attachment.id),
      signature: signatureRecord(record),
      ...protocol,
    };
  }

  async function stampFileAttachment(actor: ItemActor, body: StampBody) {
    const access = await loadAttachmentForActor(db, actor, body.attachment, 'write');
    if (access.item.id !== body.itemId) throw new AppError('NOT_FOUND');
    const config = signingConfigOf(access.definition, access.attachment.widgetKey);
    const content = await pdfContent(access, 'STAMP_NOT_PDF');
    const at = now();
    const template = body.template || config?.stampTemplate || DEFAULT_STAMP_TEMPLATE[actor.language];
    const values = await itemTemplateValues(db, access.definition, access.item, actor, at);
    const uid = await ensurePublicUid(db, access.attachment.id, null);
    const stamped = await stampPdf(content, {
      lines: fillStampTemplate(template, values),
      uid,
      checkUrl: checkUrlOf(publicUrl, uid),
      fileName: access.file.fileName,
    });
    await db.transaction(async (tx) => {
      await storeVersion(tx, access, actor, stamped, 'stamp', at);
      await ensurePublicUid(tx, access.attachment.id, at);
    });
    return { attachment: await attachmentView(access.attachment.id), uid };
  }

  return { signFileAttachment, stampFileAttachment };
}
export type SignaturesService = ReturnType<typeof createSignaturesService>;
