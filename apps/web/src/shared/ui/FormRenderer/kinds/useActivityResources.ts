import type { ActivityResources } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';

/** The resources of the saved item's project with the hours entered on it (the activityResource component). */
export function useActivityResources(
  load: (() => Promise<ActivityResources>) | undefined,
  itemId: number | null,
) {
  return useQuery({
    queryKey: ['activity-resources', itemId],
    queryFn: () => (load as () => Promise<ActivityResources>)(),
    enabled: Boolean(load) && itemId !== null,
  });
}
