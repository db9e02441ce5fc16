import {
  Alert,
  Box,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { useNationalHolidays } from './workCalendarQueries.ts';

const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/** Brazil's national holidays of a chosen year, read-only: built in, they are days off when the switch is on. */
export function NationalHolidaysList({ counted }: { counted: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [yearText, setYearText] = useState(() => String(new Date().getFullYear()));
  const year = Number(yearText);
  const valid = Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
  const query = useNationalHolidays(valid ? year : new Date().getFullYear());
  const format = new Intl.DateTimeFormat(i18n.language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ gridColumn: '1 / -1' }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {t('admin.calendars.nationalHolidaysOf')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {counted ? t('admin.calendars.nationalCounted') : t('admin.calendars.nationalNotCounted')}
      </Typography>
      <TextField
        size="small"
        type="number"
        label={t('admin.calendars.year')}
        value={yearText}
        onChange={(event) => setYearText(event.target.value)}
        error={!valid}
        helperText={valid ? undefined : t('admin.calendars.yearRange', { min: FIRST_YEAR, max: LAST_YEAR })}
        slotProps={{ htmlInput: { min: FIRST_YEAR, max: LAST_YEAR, step: 1 } }}
        sx={{ width: '9rem' }}
      />
      {query.isPending ? (
        <Box sx={{ py: 2 }}>
          <CircularProgress size={24} aria-label={t('app.loading')} />
        </Box>
      ) : query.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {getErrorMessage(query.error)}
        </Alert>
      ) : (
        <List dense aria-label={t('admin.calendars.nationalHolidaysOfYear', { year: valid ? year : '' })}>
          {query.data.map((holiday) => (
            <ListItem key={holiday.day} disableGutters>
              <ListItemText
                primary={holiday.name}
                secondary={format.format(new Date(`${holiday.day}T00:00:00Z`))}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
