import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemFollowers, ItemRelationServices } from '../formRendererTypes.ts';

/** Who follows an item (and whether the user does), and `toggle`: follow or stop following it. */
export function useFollowers(relations: ItemRelationServices, itemId: number) {
  const queryClient = useQueryClient();
  const queryKey = ['form-links', itemId, 'followers'];
  const query = useQuery({ queryKey, queryFn: () => relations.loadFollowers() });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => relations.setFollowing(follow),
    onSuccess: (followers) => queryClient.setQueryData<ItemFollowers>(queryKey, followers),
  });
  return { query, toggle };
}
