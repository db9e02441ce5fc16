import type { FieldDefinition } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormRendererServices } from '../formRendererTypes.ts';

/** The tree of choices of a tree-dropdown field. */
export function useTreeOptions(
  services: FormRendererServices,
  field: string,
  definition: FieldDefinition | undefined,
  itemId: number | null,
) {
  return useQuery({
    // Two components may both have a field 'unidade' or 'pai' pointing elsewhere: the key tells them apart.
    queryKey: ['form-tree-options', definition?.type, definition?.targetComponentId ?? null, field, itemId],
    queryFn: () => services.loadTreeOptions?.(field) ?? Promise.resolve([]),
  });
}
