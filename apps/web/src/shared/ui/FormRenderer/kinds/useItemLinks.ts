import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormLinkServices, ItemLinkRow } from '../formRendererTypes.ts';

/** An item's links to other items (both directions), and `change`: add or remove one. */
export function useItemLinks(links: FormLinkServices, itemId: number) {
  const queryClient = useQueryClient();
  const relations = links.relations;
  const queryKey = ['form-links', itemId, 'itemLinks'];
  const query = useQuery({ queryKey, queryFn: () => links.loadItemLinks() });
  const change = useMutation({
    mutationFn: (action: { add: number } | { remove: number }) => {
      if (!relations) return Promise.resolve(null);
      return 'add' in action ? relations.addItemLink(action.add) : relations.removeItemLink(action.remove);
    },
    onSuccess: async (rows) => {
      // null: refused, and the page already said why (a conflict offers to reload).
      if (!rows) return;
      queryClient.setQueryData<ItemLinkRow[]>(queryKey, rows);
      // Each change is a new version of the item: its history has a new entry.
      await queryClient.invalidateQueries({ queryKey: ['form-history', itemId] });
    },
  });
  return { query, change };
}
