import { useQuery } from '@tanstack/react-query';
import type { FormProjectServices } from '../formRendererTypes.ts';

/** A saved item's type: its component, formatted-ID pattern and current status. */
export function useProjectItemType(project: FormProjectServices, itemId: number) {
  return useQuery({
    queryKey: ['form-project', itemId, 0, 'itemType'],
    queryFn: () => project.loadItemType(),
  });
}
