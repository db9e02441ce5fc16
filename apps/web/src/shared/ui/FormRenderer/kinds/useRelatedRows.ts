import type { FormComponent } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormRendererServices } from '../formRendererTypes.ts';

/** A related-data component's rows for the saved item; none asked for a new item or without `loadRelated`. */
export function useRelatedRows(
  services: FormRendererServices,
  itemId: number | null,
  component: FormComponent,
) {
  return useQuery({
    queryKey: ['form-related', itemId, component.type, component.key ?? null],
    queryFn: () => services.loadRelated?.(component) ?? Promise.resolve([]),
    enabled: itemId !== null && Boolean(services.loadRelated),
  });
}
