import { useQuery } from '@tanstack/react-query';
import { loadAttributeChanges } from './formServices.ts';

/** What others changed between the version the user loaded and the current one (none asked if not newer). */
export function useConflictChanges(
  itemId: number,
  componentId: number,
  loadedVersion: number,
  current: number | null,
) {
  return useQuery({
    queryKey: ['form-conflict-changes', itemId, loadedVersion, current],
    queryFn: () => loadAttributeChanges(itemId, componentId, current ?? 0, loadedVersion),
    enabled: current !== null && current > loadedVersion,
  });
}
