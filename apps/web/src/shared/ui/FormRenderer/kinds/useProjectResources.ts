import { useQuery } from '@tanstack/react-query';
import type { FormProjectServices } from '../formRendererTypes.ts';

/** The members of the project an item belongs to (or of the project being edited). */
export function useProjectResources(project: FormProjectServices) {
  return useQuery({
    queryKey: ['form-project', project.itemId ?? 0, project.projectId ?? 0, 'resources'],
    queryFn: () => project.loadResources(),
  });
}
