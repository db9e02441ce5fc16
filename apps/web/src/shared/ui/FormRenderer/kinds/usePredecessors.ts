import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemRelationServices, PredecessorRow } from '../formRendererTypes.ts';

/** An activity's predecessor activities, and `change`: set them. */
export function usePredecessors(relations: ItemRelationServices, itemId: number) {
  const queryClient = useQueryClient();
  const queryKey = ['form-links', itemId, 'predecessors'];
  const query = useQuery({ queryKey, queryFn: () => relations.loadPredecessors() });
  const change = useMutation({
    mutationFn: (ids: number[]) => relations.setPredecessors(ids),
    onSuccess: async (rows) => {
      // null: refused, and the page already said why.
      if (!rows) return;
      queryClient.setQueryData<PredecessorRow[]>(queryKey, rows);
      await queryClient.invalidateQueries({ queryKey: ['form-history', itemId] });
    },
  });
  return { query, change };
}
