import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';

/** Success and error notices of the administration area (spec §8: top right, red for errors). */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  const success = useCallback(
    (message: string) => enqueueSnackbar(message, { variant: 'success' }),
    [enqueueSnackbar],
  );
  const error = useCallback(
    (cause: unknown) => enqueueSnackbar(getErrorMessage(cause), { variant: 'error' }),
    [enqueueSnackbar],
  );
  return { success, error };
}
