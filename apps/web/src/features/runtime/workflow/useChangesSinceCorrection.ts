import { formRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** What changed in an item since it was sent back for correction. The version in the key: a save asks again. */
export function useChangesSinceCorrection(itemId: number, version: number) {
  return useQuery({
    queryKey: ['changes-since-correction', itemId, version],
    queryFn: ({ signal }) => apiCall(formRoutes.getChangesSinceCorrection, { query: { itemId }, signal }),
  });
}
