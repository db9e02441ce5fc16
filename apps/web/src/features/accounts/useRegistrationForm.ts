import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type RegistrationBodies, type RegistrationEntity, useRegister } from './registrationQueries.ts';
import { useAdditionalFields } from './useAdditionalFields.ts';
import { useRegistrationSubmit } from './useRegistrationSubmit.ts';

/**
 * The form of a registration page: the schema's checks and the entity's additional fields, checked as typed
 * from the first blur; its submit sends the registration and puts a refusal's field errors on their fields.
 */
export function useRegistrationForm<E extends RegistrationEntity, Form extends FieldValues>(
  entity: E,
  schema: z.ZodType<RegistrationBodies[E], Form>,
  defaults: NoInfer<Form>,
) {
  const additional = useAdditionalFields(entity);
  const form = useForm<Form, unknown, RegistrationBodies[E]>({
    resolver: additional.withChecks(zodResolver(schema)),
    mode: 'onTouched',
    defaultValues: defaults as DefaultValues<Form>,
  });
  const register = useRegister(entity, additional);
  const registration = useRegistrationSubmit<Form, RegistrationBodies[E]>(
    register.mutateAsync,
    form.setError,
    [...Object.keys(defaults), ...additional.paths] as Path<Form>[],
  );
  return { form, registration };
}
