import { addressRoutes, formRoutes } from '@der/contracts';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import type {
  AttributeChange,
  FormRendererServices,
} from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

/** getAttributeChanges as the renderer shows it (values formatted by the server). */
export async function loadAttributeChanges(
  itemId: number,
  componentId: number,
  currentVersion: number,
  previousVersion: number,
): Promise<AttributeChange[]> {
  const { changes } = await apiCall(formRoutes.getAttributeChanges, {
    query: { itemId, componentId, currentVersion, previousVersion },
  });
  return changes.map((change) => ({
    field: change.field,
    label: change.label,
    from: change.oldValue,
    to: change.newValue,
  }));
}

/** The server calls a form page gives its renderer: CEP lookup, history and its attribute diff. */
export function formServices(componentId: number, itemId: number | null): FormRendererServices {
  return {
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
  };
}
