import { type FileIndexValues, formatValidationMessage } from '@der/contracts';
import { eq } from 'drizzle-orm';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import {
  claimUploadedFiles,
  countAttachments,
  insertAttachment,
  refreshItemMarkers,
} from '../attachments/attachments.repo.ts';
import { runtimeAttachments } from '../attachments/attachments.table.ts';
import { findAttachmentsWidget } from '../attachments/attachments-widget.ts';
import { checkFileIndexValues } from '../attachments/file-index-values.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import type { AttachDocument } from './repository-writes.ts';

/**
 * A repository file's document through the attachments engine's steps: the attachments component of the file
 * form (its cap, its file indexes), the upload claimed (only the actor's own, never referenced before:
 * ATTACHMENT_INVALID_FILE otherwise), the attachment as version 1, the item's row markers. File index values
 * are checked as the attachments engine checks them (checkFileIndexValues: 400 naming `body.fileIndexes.<key>`).
 */
export function attachDocumentWith(now: () => Date): AttachDocument {
  return async (tx, actor, input) => {
    const component = await writableComponentOrThrow(tx, actor, input.componentId);
    const widget = findAttachmentsWidget(component, input.widgetKey);
    if (!widget) throw new AppError('NOT_FOUND');
    const checked = checkFileIndexValues(widget.fileIndexes, input.fileIndexes as FileIndexValues);
    if (checked.issues.length > 0)
      throw new AppError(
        'VALIDATION_FAILED',
        checked.issues.map((issue) => ({
          field: `body.fileIndexes.${issue.field}`,
          message: formatValidationMessage(issue.message, actor.language),
        })),
      );
    if ((await countAttachments(tx, input.itemId, widget.key)) >= widget.maxFiles)
      throw errorWithParams('ATTACHMENT_LIMIT_REACHED', { qtd: String(widget.maxFiles) });
    const at = now();
    const claimed = await claimUploadedFiles(tx, actor.userId, [input.fileId], at);
    if (!claimed.has(input.fileId))
      throw errorWithParams('ATTACHMENT_INVALID_FILE', { name: String(input.fileId) });
    const attachmentId = await insertAttachment(tx, {
      itemId: input.itemId,
      widgetKey: widget.key,
      fileId: input.fileId,
      addedBy: actor.userId,
      addedAt: at,
    });
    await tx
      .update(runtimeAttachments)
      .set({ fileIndexes: checked.values })
      .where(eq(runtimeAttachments.id, attachmentId));
    await refreshItemMarkers(tx, input.itemId);
  };
}
