import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A yes/no question before a destructive or bulk action (spec §4: messages deleted after confirmation). */
export function ConfirmDialog({
  open,
  title,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('messages.no')}</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>
          {t('messages.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
