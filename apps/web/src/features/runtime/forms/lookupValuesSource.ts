import { lookupValuesRoutes, type ReferencedItemsSource } from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';

type ItemValues = Readonly<Record<string, unknown>> | null;

/**
 * The browser's source of the items a form's lookup fields read (rules/reference-lookups.ts): the server's
 * loadLookupValues, each item asked once per form (rules run on every change; a unit's weights do not change
 * while the combination is being chosen). A failed call is forgotten, so the next change asks again; until
 * then the lookups show empty — the save computes them on the server in any case.
 */
export function lookupValuesSource(componentId: number): ReferencedItemsSource {
  const cache = new Map<string, Promise<ItemValues>>();
  const keyOf = (reference: string, id: number) => `${reference}:${id}`;
  return async ({ reference, ids }) => {
    const missing = [...new Set(ids.filter((id) => !cache.has(keyOf(reference, id))))];
    if (missing.length > 0) {
      const answer = apiCall(lookupValuesRoutes.loadLookupValues, {
        body: { componentID: componentId, reference, ids: missing },
      });
      for (const id of missing) {
        const key = keyOf(reference, id);
        cache.set(
          key,
          answer.then(
            ({ items }) => items.find((item) => item.id === id)?.values ?? null,
            () => {
              cache.delete(key);
              return null;
            },
          ),
        );
      }
    }
    const found = new Map<number, Readonly<Record<string, unknown>>>();
    for (const id of ids) {
      const values = await cache.get(keyOf(reference, id));
      if (values) found.set(id, values);
    }
    return found;
  };
}
