import { type AttributeChange, addressRoutes, fileRoutes, formRoutes, linkRoutes } from '@der/contracts';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import type { FormRendererServices } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';
import { referenceServices } from './referenceServices.ts';
import { uploadStoredFile } from './uploadStoredFile.ts';

/** getAttributeChanges: each changed field with its values before and after, formatted by the server. */
export async function loadAttributeChanges(
  itemId: number,
  componentId: number,
  currentVersion: number,
  previousVersion: number,
): Promise<AttributeChange[]> {
  const { changes } = await apiCall(formRoutes.getAttributeChanges, {
    query: { itemId, componentId, currentVersion, previousVersion },
  });
  return changes;
}

/** The server calls a form page gives its renderer: CEP lookup, history, its attribute diff and stored files. */
export function formServices(componentId: number, itemId: number | null): FormRendererServices {
  return {
    references: referenceServices(componentId),
    lookupAddress: async (zip) => {
      try {
        const answer = await apiCall(addressRoutes.getAddressByZipCode, { query: { zip } });
        return {
          found: true,
          street: answer.street,
          district: answer.district,
          city: answer.city,
          state: answer.state,
        };
      } catch (error) {
        // A CEP that does not exist (404) and a provider that is down (503) both answer the server's message.
        if (error instanceof ApiError) return { found: false, message: error.message };
        throw error;
      }
    },
    loadHistory:
      itemId === null
        ? undefined
        : async () => {
            const { versions } = await apiCall(formRoutes.getHistory, { query: { itemId } });
            return versions.map((entry) => ({
              version: entry.version,
              action: entry.action,
              changedBy: entry.changedBy?.name ?? '',
              changedAt: entry.changedAt,
            }));
          },
    loadAttributeChanges:
      itemId === null
        ? undefined
        : (currentVersion, previousVersion) =>
            loadAttributeChanges(itemId, componentId, currentVersion, previousVersion),
    // One request per file, in order: the server checks and names each file it refuses.
    uploadFiles: async (files) => {
      const stored = [];
      for (const file of files) stored.push(await uploadStoredFile(file));
      return stored;
    },
    describeFiles:
      itemId === null
        ? undefined
        : async (field) => (await apiCall(linkRoutes.getImageName, { query: { itemId, field } })).files,
    // The item names whose field holds a saved file (the server serves it to the item's viewers).
    downloadFile: async (fileId, options) =>
      (await apiCall(fileRoutes.downloadFile, {
        query: { fileId, itemId: itemId ?? undefined, inline: options?.inline ? '1' : undefined },
      })) as Blob,
  };
}
