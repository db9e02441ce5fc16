import { signatureRoutes } from '@der/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import type { AttachmentActionContext } from '../../../shared/ui/FormRenderer/attachments/attachmentTypes.ts';
import { useAttachmentCall } from './signatureQueries.ts';

/** 'Carimbar': stamps every page of the attachment's PDF (text with item fields and a QR code to its check). */
export function StampAttachmentDialog({
  attachment,
  itemId,
  refresh,
  close,
}: AttachmentActionContext & { close: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [template, setTemplate] = useState('');
  const { submit, busy, error } = useAttachmentCall(
    () =>
      apiCall(signatureRoutes.stampFileAttachment, {
        body: { attachment: attachment.attachmentId, itemId, ...(template.trim() ? { template } : {}) },
      }),
    () => {
      enqueueSnackbar(t('signatures.stamped'), { variant: 'success' });
      refresh();
      close();
    },
  );

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="sm" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <DialogTitle>{t('signatures.stampTitle', { name: attachment.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('signatures.stampText')}
              multiline
              minRows={2}
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
              error={Boolean(error)}
              helperText={
                error ??
                t('signatures.stampTextHelp', { example: '{{FormattedID}}, {{ActorName}}, {{DateTime}}' })
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('signatures.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('signatures.stamp')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
