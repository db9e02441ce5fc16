import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/ApiError.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { applyServerFieldErrors } from '../accounts/applyServerFieldErrors.ts';

/** Why the last attempt failed: the server's message, and its code for a page that acts on one. */
export interface PasswordFormFailure {
  message: string;
  code: string | undefined;
}

/**
 * The state of a password form (change password, change an expired one, a reset link's new password): checked
 * as typed from the first blur; a failed attempt keeps the form, shows the server's message until the next
 * attempt and, when `fields` are given, puts a 400's field issues under them.
 */
export function usePasswordForm<F extends FieldValues>({
  schema,
  defaults,
  send,
  onDone,
  fields,
  serverFieldNames,
}: {
  schema: z.ZodType<F, F>;
  defaults: NoInfer<F>;
  send: (values: F) => Promise<unknown>;
  onDone: () => void;
  fields?: readonly Path<F>[];
  /** Server field names that differ from the form's (confirmPassword → passwordConfirm). */
  serverFieldNames?: Record<string, Path<F>>;
}) {
  const [failure, setFailure] = useState<PasswordFormFailure | null>(null);
  const form = useForm<F, unknown, F>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaults as DefaultValues<F>,
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
      onDone();
    } catch (caught) {
      if (fields) applyServerFieldErrors(caught, form.setError, fields, serverFieldNames);
      setFailure({
        message: getErrorMessage(caught),
        code: caught instanceof ApiError ? caught.code : undefined,
      });
    }
  });

  return {
    form,
    failure,
    submit,
    dismissFailure: () => setFailure(null),
    /** Back to the empty form, no failure shown (a closed dialog opens afresh). */
    clear: () => {
      form.reset(defaults as DefaultValues<F>);
      setFailure(null);
    },
  };
}
