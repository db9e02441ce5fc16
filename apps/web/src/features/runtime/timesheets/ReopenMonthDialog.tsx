import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ReopenMonthDialogProps {
  name: string;
  closedThrough: string;
  saving: boolean;
  error: string | null;
  onClose: () => void;
  onReopen: (month: string, reason: string) => void;
}

/** Reopening a month (and every later one) says why: the reason goes to the audit log. */
export function ReopenMonthDialog({
  name,
  closedThrough,
  saving,
  error,
  onClose,
  onReopen,
}: ReopenMonthDialogProps) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(closedThrough);
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="reopen-month-title" fullWidth maxWidth="xs">
      <DialogTitle id="reopen-month-title">{t('timesheets.reopenTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            type="month"
            required
            label={t('timesheets.reopenFrom')}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            helperText={t('timesheets.reopenHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            required
            label={t('timesheets.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('timesheets.cancel')}</Button>
        <Button
          variant="contained"
          disabled={saving || reason.trim().length < 3 || !month}
          onClick={() => onReopen(month, reason)}
        >
          {t('timesheets.reopen')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
