import { useQuery } from '@tanstack/react-query';
import type { FormProjectServices } from '../formRendererTypes.ts';

/** The project's calendar entries between two days (YYYY-MM-DD, both included). */
export function useProjectCalendar(project: FormProjectServices, from: string, to: string) {
  return useQuery({
    queryKey: ['form-project', project.itemId ?? 0, project.projectId ?? 0, 'calendar', from, to],
    queryFn: () => project.loadCalendar(from, to),
  });
}
