import { type ComponentDefinition, localize, type StampFilesEffect } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import { addAttachmentVersion, insertAttachment } from '../attachments/attachments.repo.ts';
import { fileIds } from '../files/file-references.ts';
import { findFileContent, insertFile, listFileMetas } from '../files/files.repo.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { documentGeneration, documentsWidgetKey } from '../print-layouts/generate-document.ts';
import { itemTemplateValues } from './item-template-values.ts';
import { checkUrlOf, ensurePublicUid, recordDepartmentSignature } from './public-documents.ts';
import { fillStampTemplate, stampPdf } from './stamp/stamp-pdf.ts';

const PDF = 'application/pdf';
/** The stamped copy's name tells it from the sheet the permissionário uploaded. */
const STAMPED_PREFIX = 'APROVADO - ';

/**
 * The workflow effect stampFiles, in the action's transaction (contracts effects.ts): every file of the field
 * becomes an attachment of the item in its documents area — the sheet as uploaded, then stamped with its lines
 * and the QR code of its public check, then signed with the department's A1 when asked and configured — so each
 * sheet answers /validarDocumento on its own. A file that is not a PDF refuses the whole action, naming it: an
 * issued permit never carries an unstamped sheet.
 */
export async function stampFiles(
  tx: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  saved: RuntimeItemRow,
  effect: StampFilesEffect,
  now: Date,
): Promise<void> {
  const sheets = fileIds(saved.data[effect.field]);
  if (sheets.length === 0) return;
  const deps = documentGeneration();
  const metas = new Map((await listFileMetas(tx, sheets)).map((meta) => [meta.id, meta]));
  for (const id of sheets) {
    const meta = metas.get(id);
    if (!meta) throw new AppError('NOT_FOUND');
    if (meta.mediaType !== PDF) throw errorWithParams('STAMP_NOT_PDF', { name: meta.fileName });
  }
  const values = await itemTemplateValues(tx, definition, saved, actor, now);
  const template = localize(effect.stamp, actor.language);
  const willSign = effect.sign && (await deps.signer.loadDepartment()) !== null;
  const widgetKey = documentsWidgetKey(definition);
  const added = { createdBy: actor.userId, createdAt: now };

  for (const [index, id] of sheets.entries()) {
    const meta = metas.get(id)!;
    const content = await findFileContent(tx, deps.fileStore, id);
    if (!content) throw new AppError('NOT_FOUND');
    const attachmentId = await insertAttachment(tx, {
      itemId: saved.id,
      widgetKey,
      fileId: id,
      addedBy: actor.userId,
      addedAt: now,
    });
    const uid = await ensurePublicUid(tx, attachmentId, now);
    const sheet: Record<string, string> = { Sheet: String(index + 1), Sheets: String(sheets.length) };
    const fileName = `${STAMPED_PREFIX}${meta.fileName}`.slice(0, 240);
    const stamped = await stampPdf(content, {
      lines: fillStampTemplate(template, (key) => sheet[key] ?? values(key)),
      uid,
      checkUrl: checkUrlOf(deps.publicUrl, uid),
      fileName: meta.fileName,
    });
    const stampedFile = await insertFile(tx, deps.fileStore, {
      uploadedBy: actor.userId,
      uploadedAt: now,
      fileName,
      mediaType: PDF,
      content: stamped,
    });
    await addAttachmentVersion(tx, { attachmentId, fileId: stampedFile.id, kind: 'stamp', ...added });
    if (!willSign) continue;
    const signed = await deps.signer.signWithDepartmentCertificate(stamped, {
      reason: `${saved.formattedId} — ${fileName}`,
      location: 'DER',
      fileName,
    });
    if (!signed) continue;
    const signedFile = await insertFile(tx, deps.fileStore, {
      uploadedBy: actor.userId,
      uploadedAt: now,
      fileName,
      mediaType: PDF,
      content: signed.pdf,
    });
    await addAttachmentVersion(tx, { attachmentId, fileId: signedFile.id, kind: 'sign', ...added });
    await recordDepartmentSignature(tx, {
      attachmentId,
      fileId: signedFile.id,
      signedBy: actor.userId,
      signed,
    });
  }
}
