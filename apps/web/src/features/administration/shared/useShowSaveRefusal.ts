import { useCallback } from 'react';
import { applyServerFieldErrors } from '../../accounts/applyServerFieldErrors.ts';
import { useNotify } from './useNotify.ts';

type SetFieldError = (
  name: string,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Shows a refused save of an editor: the field issues of a 400 under the form's fields they name; a refusal
 * that names none of them as an error notice.
 */
export function useShowSaveRefusal() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, setError: SetFieldError, fields: readonly string[]) => {
      if (applyServerFieldErrors(error, setError, fields) === 0) notify.error(error);
    },
    [notify],
  );
}
