import { attachmentRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { AttachmentDownloads } from './attachment-downloads.ts';
import type { AttachmentsService } from './attachments.service.ts';
import type { FileIndexesService } from './file-indexes.service.ts';

/** Spec §7.6 attachments and file indexes under /genericItem/ (downloads go through filesPlugin's downloadFile). */
export const attachmentsPlugin: FastifyPluginAsync<{
  service: AttachmentsService;
  fileIndexes: FileIndexesService;
  downloads: AttachmentDownloads;
}> = async (app, { service, fileIndexes, downloads }) => {
  registerRoute(app, attachmentRoutes.loadAttachments, (request) =>
    service.loadAttachments(itemActorOf(request), request.query),
  );
  registerRoute(app, attachmentRoutes.addAttachments, (request) =>
    service.addAttachments(itemActorOf(request), request.body),
  );
  registerRoute(app, attachmentRoutes.deleteAttachment, (request) =>
    service.deleteAttachment(itemActorOf(request), request.body.attachmentId),
  );
  registerRoute(app, attachmentRoutes.replaceAttachment, (request) =>
    service.replaceAttachment(itemActorOf(request), request.body),
  );
  registerRoute(app, attachmentRoutes.loadAttachmentVersions, async (request) => ({
    versions: await service.loadAttachmentVersions(itemActorOf(request), request.query.attachmentId),
  }));
  registerRoute(app, attachmentRoutes.getAttachmentsDetails, async (request) => ({
    attachments: await service.getAttachmentsDetails(itemActorOf(request), request.body.attachments),
  }));
  registerRoute(app, attachmentRoutes.getAttachmentLink, (request) =>
    downloads.attachmentLink(itemActorOf(request), request.query),
  );
  registerRoute(app, attachmentRoutes.getFileLink, (request) =>
    downloads.fileLink(itemActorOf(request), request.query),
  );
  registerRoute(app, attachmentRoutes.loadFileIndexConfigs, async (request) => ({
    fileIndexes: await fileIndexes.loadFileIndexConfigs(itemActorOf(request), request.query),
  }));
  registerRoute(app, attachmentRoutes.loadFileIndexes, async (request) => ({
    attachmentId: request.query.attachmentId,
    values: await fileIndexes.loadFileIndexes(itemActorOf(request), request.query.attachmentId),
  }));
  registerRoute(app, attachmentRoutes.saveFileIndexes, (request) =>
    fileIndexes.saveFileIndexes(itemActorOf(request), request.body),
  );
  registerRoute(app, attachmentRoutes.getAllFileIndexes, (request) =>
    fileIndexes.getAllFileIndexes(itemActorOf(request), request.query),
  );
};
