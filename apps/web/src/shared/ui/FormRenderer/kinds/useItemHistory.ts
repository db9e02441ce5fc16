import { useQuery } from '@tanstack/react-query';
import type { FormRendererServices } from '../formRendererTypes.ts';

/** A saved item's versions (none asked for a new item). A change to the item invalidates ['form-history', itemId]. */
export function useItemHistory(services: FormRendererServices, itemId: number | null) {
  return useQuery({
    queryKey: ['form-history', itemId],
    queryFn: () => services.loadHistory?.() ?? Promise.resolve([]),
    enabled: itemId !== null,
  });
}
