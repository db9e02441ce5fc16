import type { FieldDefinition } from '@der/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferenceServices, ReferenceValue } from '../formRendererTypes.ts';

/**
 * A reference field's stored values by their names (`resolved`) and, while the dropdown is open, the choices
 * matching `searched` (`choices`, the previous ones kept while the next search runs).
 */
export function useReferenceOptions(
  field: FieldDefinition | undefined,
  references: ReferenceServices | undefined,
  values: ReferenceValue[],
  valuesKey: string,
  searched: string,
  open: boolean,
) {
  const resolved = useQuery({
    queryKey: ['form-reference-labels', field?.key, valuesKey],
    queryFn: () => (field && references ? references.resolve(field, values) : Promise.resolve([])),
    enabled: Boolean(field && references) && values.length > 0,
    staleTime: 60_000,
  });
  const choices = useQuery({
    queryKey: ['form-reference-choices', field?.key, searched],
    queryFn: () => (field && references ? references.search(field, searched) : Promise.resolve([])),
    enabled: Boolean(field && references) && open,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
  return { resolved, choices };
}
