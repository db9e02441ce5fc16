import { attachmentRoutes, fileRoutes, StoredFileSchema } from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';
import { uploadMultipart } from '../../../api/uploadMultipart.ts';
import type { FormAttachmentServices } from '../../../shared/ui/FormRenderer/attachments/attachmentTypes.ts';

/**
 * The attachments and file indexes calls (spec §7.6) for one saved item of a form page; `applicationId` scopes
 * the file index search of the fileIndexes component. The server checks the item on every call.
 */
export function attachmentServices(itemId: number, applicationId: number | null): FormAttachmentServices {
  return {
    load: (widgetKey) => apiCall(attachmentRoutes.loadAttachments, { query: { itemId, widgetKey } }),
    upload: (file, onProgress) =>
      uploadMultipart({ route: fileRoutes.uploadFiles, file, response: StoredFileSchema, onProgress }),
    add: (widgetKey, fileIds) =>
      apiCall(attachmentRoutes.addAttachments, { body: { itemId, widgetKey, fileIds } }),
    remove: (attachmentId) => apiCall(attachmentRoutes.deleteAttachment, { body: { attachmentId } }),
    replace: (attachmentId, fileId) =>
      apiCall(attachmentRoutes.replaceAttachment, { body: { attachmentId, fileId } }),
    versions: async (attachmentId) =>
      (await apiCall(attachmentRoutes.loadAttachmentVersions, { query: { attachmentId } })).versions,
    // Errors come back as JSON inside the blob answer: the client reads the Message from it (spec §8).
    download: async (attachmentId, version) =>
      (await apiCall(fileRoutes.downloadFile, { query: { attachmentId, version } })) as Blob,
    loadIndexConfigs: async (widgetKey) =>
      (await apiCall(attachmentRoutes.loadFileIndexConfigs, { query: { itemId, widgetKey } })).fileIndexes,
    saveIndexes: (attachmentId, values) =>
      apiCall(attachmentRoutes.saveFileIndexes, { body: { attachmentId, values } }),
    searchIndexes: ({ values, search, page, pageSize }) =>
      apiCall(attachmentRoutes.getAllFileIndexes, {
        query: {
          applicationId: applicationId ?? 0,
          values: values ? JSON.stringify(values) : undefined,
          search,
          page,
          pageSize,
        },
      }),
  };
}
