import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { applyServerFieldErrors } from './applyServerFieldErrors.ts';

/** Sends a registration; a 400 with field details lands on the fields, and any error shows its message. */
export function useRegistrationSubmit<Input extends FieldValues, Output>(
  send: (body: Output) => Promise<unknown>,
  setError: UseFormSetError<Input>,
  fields: readonly Path<Input>[],
) {
  const [done, setDone] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);

  async function submit(body: Output) {
    setErrorText(null);
    try {
      await send(body);
      setDone(true);
    } catch (caught) {
      applyServerFieldErrors(caught, setError, fields);
      setErrorText(getErrorMessage(caught));
    }
  }

  return { submit, done, error };
}
