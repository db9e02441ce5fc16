import {
  type AdditionalFieldEntity,
  additionalFieldRoutes,
  adminAdditionalFieldRoutes,
  PUBLIC_ADDITIONAL_FIELD_ENTITIES,
  type PublicAdditionalField,
  type PublicAdditionalFieldEntity,
} from '@der/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Resolver } from 'react-hook-form';
import { apiCall } from '../../api/apiClient.ts';

import { ADDITIONAL_FIELDS_KEY, checkValue, toAdditionalFieldValues } from './additionalFieldValues.ts';

/** Stable while loading: effects that depend on the definitions do not run again at every render. */
const NO_DEFINITIONS: readonly PublicAdditionalField[] = [];

const isPublicEntity = (entity: AdditionalFieldEntity): entity is PublicAdditionalFieldEntity =>
  (PUBLIC_ADDITIONAL_FIELD_ENTITIES as readonly string[]).includes(entity);

const queryKey = (entity: AdditionalFieldEntity) =>
  ['additionalFields', isPublicEntity(entity) ? 'public' : 'admin', entity] as const;

/**
 * The registration forms read the public list (no session); the fields of users and companies are filled in
 * the administration area only, from the administrator's list (which also has the inactive ones).
 */
async function fetchActiveDefinitions(
  entity: AdditionalFieldEntity,
  signal: AbortSignal,
): Promise<PublicAdditionalField[]> {
  if (isPublicEntity(entity)) return apiCall(additionalFieldRoutes.list, { query: { entity }, signal });
  const all = await apiCall(adminAdditionalFieldRoutes.list, { query: { entity }, signal });
  return all
    .filter((definition) => definition.active)
    .map(({ name, labelPtBr, labelEn, type, required, options, position }) => ({
      name,
      labelPtBr,
      labelEn,
      type,
      required,
      options,
      position,
    }));
}

/** The active definitions of an entity, in position order; none while loading or when they cannot be loaded. */
export function useAdditionalFieldDefinitions(entity: AdditionalFieldEntity) {
  return useQuery({
    queryKey: queryKey(entity),
    queryFn: ({ signal }) => fetchActiveDefinitions(entity, signal),
    retry: false,
    // An administrator may have just changed the definitions of users or companies in another page.
    staleTime: isPublicEntity(entity) ? 5 * 60_000 : 0,
  });
}

/**
 * What a form needs besides the section: a resolver that adds the additional fields' checks to the
 * contract's (the definitions are read when validating, so they may load after the form), the form paths
 * that server field errors may name, the values to send, and (for an edit form) whether the definitions are
 * settled, to convert the stored values with fromAdditionalFieldValues.
 */
export function useAdditionalFields(entity: AdditionalFieldEntity) {
  const queryClient = useQueryClient();
  const query = useAdditionalFieldDefinitions(entity);
  const definitions = query.data ?? NO_DEFINITIONS;
  const current = () => queryClient.getQueryData<PublicAdditionalField[]>(queryKey(entity)) ?? [];

  function withChecks<TInput extends FieldValues, TContext, TOutput>(
    base: Resolver<TInput, TContext, TOutput>,
  ): Resolver<TInput, TContext, TOutput> {
    return async (values, context, options) => {
      const result = await base(values, context, options);
      const raw = (values as Record<string, unknown>)[ADDITIONAL_FIELDS_KEY] as
        | Record<string, unknown>
        | undefined;
      const issues: Record<string, { type: string; message: string }> = {};
      for (const definition of current()) {
        const message = checkValue(definition, raw?.[definition.name]);
        if (message) issues[definition.name] = { type: message, message };
      }
      if (Object.keys(issues).length === 0) return result;
      const previous = (result.errors as Record<string, unknown>)[ADDITIONAL_FIELDS_KEY] ?? {};
      return {
        values: {},
        errors: { ...result.errors, [ADDITIONAL_FIELDS_KEY]: { ...previous, ...issues } },
      } as unknown as Awaited<ReturnType<Resolver<TInput, TContext, TOutput>>>;
    };
  }

  return {
    definitions,
    /** Loaded, or failed (then no additional field is shown). */
    settled: !query.isPending,
    withChecks,
    paths: definitions.map((definition) => `${ADDITIONAL_FIELDS_KEY}.${definition.name}`),
    values: (raw: Record<string, unknown> | undefined) => toAdditionalFieldValues(current(), raw),
  };
}
