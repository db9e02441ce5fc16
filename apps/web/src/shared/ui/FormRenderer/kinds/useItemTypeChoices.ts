import { useQuery } from '@tanstack/react-query';
import type { FormProjectServices } from '../formRendererTypes.ts';

/** The item types a project allows a new item to be. */
export function useItemTypeChoices(project: FormProjectServices) {
  return useQuery({
    queryKey: ['form-project', 0, project.projectId ?? 0, 'itemTypeChoices'],
    queryFn: () => project.loadItemTypeChoices(),
  });
}
