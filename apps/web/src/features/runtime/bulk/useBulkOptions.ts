import { bulkRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** The actions and fields a bulk operation on a component's items may use. */
export function useBulkOptions(componentId: number) {
  return useQuery({
    queryKey: ['bulk', 'options', componentId],
    queryFn: ({ signal }) => apiCall(bulkRoutes.getBulkOptions, { body: { componentId }, signal }),
    retry: false,
  });
}
