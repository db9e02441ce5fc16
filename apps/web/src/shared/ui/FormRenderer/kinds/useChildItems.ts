import { useQuery } from '@tanstack/react-query';
import type { FormLinkServices } from '../formRendererTypes.ts';

/** A saved item's child items of one component (and form). */
export function useChildItems(
  links: FormLinkServices,
  itemId: number,
  componentId: number,
  formId: number | undefined,
) {
  return useQuery({
    queryKey: ['form-links', itemId, 'children', componentId, formId ?? 0],
    queryFn: () => links.loadChildren(componentId, formId),
  });
}
