import type { Timesheet } from '@der/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hoursText } from './timesheetDates.ts';

interface TimesheetNotesProps {
  sheet: Timesheet;
  onDelete: (entry: { id: number; version: number }) => void;
}

/** The notes of the period (entries with a start and an end, and automatic ones), each removable. */
export function TimesheetNotes({ sheet, onDelete }: TimesheetNotesProps) {
  const { t } = useTranslation();
  const titleOf = new Map(sheet.rows.map((row) => [row.itemId, `${row.formattedId} — ${row.title}`]));
  const closed = new Set(sheet.days.filter((day) => day.closed).map((day) => day.day));
  const notes = sheet.entries.filter((entry) => entry.startTime !== null || entry.origin === 'automatic');
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="timesheet-notes">
      <Typography id="timesheet-notes" component="h2" variant="subtitle1">
        {t('timesheets.notes')}
      </Typography>
      <List dense>
        {notes.map((entry) => (
          <ListItem
            key={entry.id}
            secondaryAction={
              sheet.editable && !closed.has(entry.day) ? (
                <IconButton
                  edge="end"
                  aria-label={t('timesheets.deleteNote')}
                  onClick={() => onDelete({ id: entry.id, version: entry.version })}
                >
                  <DeleteIcon />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText
              primary={`${entry.day.split('-').reverse().join('/')} · ${
                entry.startTime ? `${entry.startTime}–${entry.endTime}` : t('timesheets.automatic')
              } · ${hoursText(entry.minutes)} h · ${titleOf.get(entry.itemId) ?? ''}`}
              secondary={entry.note || undefined}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
