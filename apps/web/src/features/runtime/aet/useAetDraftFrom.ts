import { type AetDraftCreated, aetRequestRoutes } from '@der/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { serverFieldErrors } from '../forms/serverFieldErrors.ts';

export type AetDraftKind = 'copy' | 'renewal';

function createDraft(kind: AetDraftKind, itemId: number): Promise<AetDraftCreated> {
  const route = kind === 'copy' ? aetRequestRoutes.copiarSolicitacao : aetRequestRoutes.renovarAet;
  return apiCall(route, { body: { itemId } });
}

/**
 * A new draft from one of the requerente's AET requests (a copy, or the renewal of a period AET), opened on its
 * form with its number announced. A refusal shows the server's translated reason (a renewal refused names it on
 * the itemId issue, not in the generic validation message).
 */
export function useAetDraftFrom(itemId: number, editPathOf: (draft: AetDraftCreated) => string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (kind: AetDraftKind) => createDraft(kind, itemId),
    onSuccess: (draft, kind) => {
      const message = kind === 'copy' ? 'aetRequests.copied' : 'aetRequests.renewed';
      enqueueSnackbar(t(message, { id: draft.formattedId }), { variant: 'success' });
      navigate(editPathOf(draft));
    },
    onError: (error) => {
      const reason = serverFieldErrors(error)[0]?.message ?? getErrorMessage(error);
      enqueueSnackbar(reason, { variant: 'error' });
    },
  });
}
