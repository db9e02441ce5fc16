import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import { DownloadFileQuerySchema, StoredFileSchema } from './files.schemas.ts';

const tags = ['generic items'];

/** Stored files of the file chooser, image and image list components (BINARY fields hold their ids). */
export const fileRoutes = {
  uploadFiles: defineRoute({
    method: 'POST',
    path: '/genericItem/uploadFiles',
    access: 'session',
    summary:
      'Stores one file (multipart part `file`; at most FILE_UPLOAD_MAX_BYTES; type found by content: PDF, images, DOCX, XLSX, text)',
    tags,
    response: StoredFileSchema,
  }),
  downloadFile: defineRoute({
    method: 'GET',
    path: '/genericItem/downloadFile',
    access: 'session',
    summary:
      'The content of a stored file the caller may see (its uploader, or a viewer of the item holding it)',
    tags,
    querystring: DownloadFileQuerySchema,
    response: z.unknown(),
    produces: 'application/octet-stream',
  }),
};
