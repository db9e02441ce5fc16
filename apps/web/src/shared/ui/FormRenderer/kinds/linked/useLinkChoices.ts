import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LinkChoice } from '../../formRendererTypes.ts';

/** The items matching `searched` to link to, asked only while the box is open. */
export function useLinkChoices(
  queryKey: readonly unknown[],
  search: (text: string) => Promise<LinkChoice[]>,
  searched: string,
  open: boolean,
) {
  return useQuery({
    queryKey: [...queryKey, searched],
    queryFn: () => search(searched),
    enabled: open,
    staleTime: 10_000,
    // The previous answer stays on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
