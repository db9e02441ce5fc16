import { useQuery } from '@tanstack/react-query';
import type { FormLinkServices } from '../formRendererTypes.ts';

/** The child items of a saved item in each of the listed components, as one list. */
export function useComponentListChildren(
  links: FormLinkServices,
  itemId: number,
  componentIds: readonly number[],
) {
  return useQuery({
    queryKey: ['form-links', itemId, 'componentList', ...componentIds],
    queryFn: async () => {
      const lists = await Promise.all(componentIds.map((id) => links.loadChildren(id)));
      return lists.flat().map((row) => ({ row }));
    },
  });
}
