import { fileRoutes, type StoredFile, StoredFileSchema } from '@der/contracts';
import { uploadMultipart } from '../../../api/uploadMultipart.ts';

/** Stores one file of a file chooser, image or image list through uploadFiles (the server names a refused one). */
export function uploadStoredFile(file: File): Promise<StoredFile> {
  return uploadMultipart({ route: fileRoutes.uploadFiles, file, response: StoredFileSchema });
}
