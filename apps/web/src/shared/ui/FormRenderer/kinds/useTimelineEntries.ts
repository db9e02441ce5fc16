import { useQuery } from '@tanstack/react-query';
import type { FormLinkServices } from '../formRendererTypes.ts';

/** A saved item's child items of one component on a time line (oldest first, undated last). */
export function useTimelineEntries(links: FormLinkServices, itemId: number, componentId: number) {
  return useQuery({
    queryKey: ['form-links', itemId, 'timeline', componentId],
    queryFn: () => links.loadTimeline(componentId),
  });
}
