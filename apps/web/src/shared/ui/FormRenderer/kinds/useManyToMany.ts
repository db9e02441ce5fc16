import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormLinkServices, LinkedRow } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';

/** The items linked to an item through a many-to-many component, and `change`: set the linked ids. */
export function useManyToMany(
  links: FormLinkServices,
  itemId: number,
  component: KindProps<'manyToMany'>['component'],
) {
  const queryClient = useQueryClient();
  const queryKey = ['form-links', itemId, 'manyToMany', component.componentId, component.key ?? ''];
  const linked = useQuery({ queryKey, queryFn: () => links.loadManyToMany(component) });
  const change = useMutation({
    mutationFn: (linkedIds: number[]) => links.setManyToMany(component, linkedIds),
    onSuccess: async (rows) => {
      // null: refused, and the page already said why (a conflict offers to reload).
      if (!rows) return;
      queryClient.setQueryData<LinkedRow[]>(queryKey, rows);
      // The change is a new version of the item: its history has a new entry.
      await queryClient.invalidateQueries({ queryKey: ['form-history', itemId] });
    },
  });
  return { linked, change };
}
