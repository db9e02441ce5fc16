import { useQuery } from '@tanstack/react-query';
import type { FormLinkServices } from '../formRendererTypes.ts';

/** The first rows of a component's saved query (and view) shown inside an item's form. */
export function useDataGridPage(
  links: FormLinkServices,
  itemId: number,
  componentId: number,
  queryId: number | undefined,
  viewId: number | undefined,
) {
  return useQuery({
    queryKey: ['form-links', itemId, 'dataGrid', componentId, queryId ?? 0, viewId ?? 0],
    queryFn: () => links.loadQueryItems(componentId, queryId, viewId),
  });
}
