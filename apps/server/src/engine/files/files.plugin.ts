import { FILE_UPLOAD_MAX_BYTES, fileRoutes } from '@der/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../infra/http/app-error.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { AttachmentDownloads } from '../attachments/attachment-downloads.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import { type FilesService, fileTooLarge } from './files.service.ts';

/** Stored files of forms (uploadFiles, downloadFile under /genericItem/). */
export const filesPlugin: FastifyPluginAsync<{
  service: FilesService;
  /** Attachments' versions (downloadFile with attachmentId) and the tokens of short-lived links. */
  attachments?: AttachmentDownloads;
}> = async (app, { service, attachments }) => {
  // This plugin is encapsulated (no fastify-plugin), so this multipart parser and its limits serve only these
  // routes; the Excel import registers its own in its plugin.
  await app.register(multipart, {
    limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  registerRoute(app, fileRoutes.uploadFiles, async (request) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const actor = itemActorOf(request);
    const file = await request.file();
    if (!file) throw new AppError('BAD_REQUEST');
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fileTooLarge(file.filename);
      throw error;
    }
    return service.upload(actor, { fileName: file.filename, content });
  });

  registerRoute(app, fileRoutes.downloadFile, async (request, reply) => {
    const actor = itemActorOf(request);
    if (!attachments && (request.query.attachmentId !== undefined || request.query.token !== undefined))
      throw new AppError('NOT_FOUND');
    attachments?.verifyLink(actor, request.query);
    const { file, content, disposition } =
      request.query.attachmentId === undefined || !attachments
        ? await service.download(actor, request.query)
        : await attachments.downloadAttachment(actor, request.query);
    return (
      reply
        .type(file.mediaType)
        .header('content-disposition', disposition)
        .header('content-length', content.length)
        .header('x-content-type-options', 'nosniff')
        // Nothing in a stored file may run as part of the page, even if a browser rendered it.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(content)
    );
  });
};
