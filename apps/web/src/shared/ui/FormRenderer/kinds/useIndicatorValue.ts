import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormValues } from '../formRendererTypes.ts';

/**
 * An indicator's expression evaluated over the form's values (`settled`: their JSON once the user paused). The
 * previous value stays while the next is computed; the same values never ask again.
 */
export function useIndicatorValue(
  expression: string,
  settled: string,
  evaluate: (expression: string, values: FormValues) => unknown | Promise<unknown>,
) {
  return useQuery({
    queryKey: ['form-indicator', expression, settled],
    queryFn: async () => {
      try {
        return (await evaluate(expression, JSON.parse(settled) as FormValues)) ?? null;
      } catch {
        // An expression that fails for the current values shows no number rather than breaking the form.
        return null;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
