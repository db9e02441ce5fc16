import type { TimesheetEntryInput, TimesheetRow } from '@der/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TimeNoteDialogProps {
  open: boolean;
  rows: readonly TimesheetRow[];
  days: readonly string[];
  saving: boolean;
  /** The server's refusal of the last attempt. */
  error: string | null;
  onClose: () => void;
  onSave: (note: TimesheetEntryInput) => void;
}

/**
 * A note with a start and an end on a task or activity (its hours are their difference). The server refuses a
 * note that ends before it starts, or overlaps another of the day; the refusal is shown by the page.
 */
export function TimeNoteDialog({ open, rows, days, saving, error, onClose, onSave }: TimeNoteDialogProps) {
  const { t } = useTranslation();
  const open_ = rows.filter((row) => row.open);
  const [itemId, setItemId] = useState<number | ''>('');
  const [day, setDay] = useState(days[0] ?? '');
  const [startTime, setStart] = useState('08:00');
  const [endTime, setEnd] = useState('12:00');
  const [note, setNote] = useState('');
  const submit = () => {
    if (itemId === '') return;
    onSave({ itemId, day, startTime, endTime, note });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="time-note-title" fullWidth maxWidth="sm">
      <DialogTitle id="time-note-title">{t('timesheets.newNote')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            select
            required
            label={t('timesheets.item')}
            value={itemId}
            onChange={(event) => setItemId(Number(event.target.value))}
          >
            {open_.map((row) => (
              <MenuItem key={row.itemId} value={row.itemId}>
                {row.formattedId} — {row.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            required
            label={t('timesheets.day')}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          >
            {days.map((candidate) => (
              <MenuItem key={candidate} value={candidate}>
                {candidate.split('-').reverse().join('/')}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              required
              type="time"
              label={t('timesheets.start')}
              value={startTime}
              onChange={(event) => setStart(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              required
              type="time"
              label={t('timesheets.end')}
              value={endTime}
              onChange={(event) => setEnd(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <TextField
            label={t('timesheets.noteText')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('timesheets.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={itemId === '' || saving}>
          {t('timesheets.saveNote')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
