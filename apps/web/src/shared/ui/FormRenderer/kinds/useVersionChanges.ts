import { useQuery } from '@tanstack/react-query';
import type { FormRendererServices } from '../formRendererTypes.ts';

/** What one version of an item changed from the version before it. */
export function useVersionChanges(services: FormRendererServices, itemId: number | null, version: number) {
  return useQuery({
    queryKey: ['form-attribute-changes', itemId, version],
    queryFn: () => services.loadAttributeChanges?.(version, version - 1) ?? Promise.resolve([]),
  });
}
