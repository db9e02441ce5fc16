import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before an attachment is removed from the item. */
export function ConfirmDeleteDialog({
  name,
  onConfirm,
  onCancel,
}: {
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('attachments.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('attachments.deleteText', { name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('attachments.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('attachments.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
