import {
  AET_DRAFT_STATUS,
  AET_REQUEST_COMPONENT_NAME,
  type AetDraftCreated,
  isRenewableAet,
} from '@der/contracts';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAetDraftFrom } from './useAetDraftFrom.ts';

export interface AetRequestActionsProps {
  /** The form's component name (FormView.componentName): the buttons belong to the AET request alone. */
  componentName: string;
  item: { id: number; status: string | null };
  values: Readonly<Record<string, unknown>>;
  /** The form of the new draft (the server creates it in the AET request component). */
  editPathOf: (draft: AetDraftCreated) => string;
}

/**
 * The requerente's 'Copiar para nova solicitação' and 'Renovar AET' on a saved AET request they filed (the form
 * shows it only when FormItem.createdByViewer), once sent: a draft is still being filled in. Renewal is offered
 * only where the server accepts it (an issued period AET); the server checks both again, ownership included.
 */
export function AetRequestActions(props: AetRequestActionsProps) {
  if (props.componentName !== AET_REQUEST_COMPONENT_NAME || props.item.status === AET_DRAFT_STATUS)
    return null;
  return <AetRequestButtons {...props} />;
}

function AetRequestButtons({ item, values, editPathOf }: AetRequestActionsProps) {
  const { t } = useTranslation();
  const draft = useAetDraftFrom(item.id, editPathOf);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" disabled={draft.isPending} onClick={() => draft.mutate('copy')}>
        {t('aetRequests.copy')}
      </Button>
      {isRenewableAet(item.status, values) && (
        <Button variant="outlined" disabled={draft.isPending} onClick={() => draft.mutate('renewal')}>
          {t('aetRequests.renew')}
        </Button>
      )}
    </Stack>
  );
}
