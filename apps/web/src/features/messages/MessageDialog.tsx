import type { Message } from '@der/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** An opened message (spec §2.10): Delete, Cancel and OK; OK marks it read. */
export function MessageDialog({
  message,
  onClose,
  onDelete,
  onOk,
}: {
  message: Message | null;
  onClose: () => void;
  onDelete: (message: Message) => void;
  onOk: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {message && (
        <>
          <DialogTitle id={titleId}>{message.title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>{message.messageText}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button color="error" onClick={() => onDelete(message)}>
              {t('messages.delete')}
            </Button>
            <Button onClick={onClose}>{t('messages.cancel')}</Button>
            <Button variant="contained" onClick={() => onOk(message)}>
              {t('messages.ok')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
