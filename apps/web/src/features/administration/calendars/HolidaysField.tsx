import { WORK_CALENDAR_HOLIDAY_SCOPES } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import type { WorkCalendarFormControl } from './workCalendarForm.ts';

/** The calendar's own holidays (state, municipal, optional days): date, name, scope, every year or once. */
export function HolidaysField({ control }: { control: WorkCalendarFormControl }) {
  const { t } = useTranslation();
  const headingId = useId();
  const holidays = useFieldArray({ control, name: 'holidays' });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ gridColumn: '1 / -1' }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('admin.calendars.holidays')}
      </Typography>
      {holidays.fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('admin.calendars.noHolidays')}
        </Typography>
      )}
      {holidays.fields.map((holiday, index) => (
        <Box
          key={holiday.id}
          role="group"
          aria-label={t('admin.calendars.holidayNumber', { index: index + 1 })}
          data-testid={`holiday-${index}`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }}
        >
          <Controller
            control={control}
            name={`holidays.${index}.day`}
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                type="date"
                label={t('admin.calendars.day')}
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          />
          <Controller
            control={control}
            name={`holidays.${index}.name`}
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                label={t('admin.calendars.holidayName')}
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
                required
                sx={{ flex: '1 1 14rem' }}
              />
            )}
          />
          <Controller
            control={control}
            name={`holidays.${index}.scope`}
            render={({ field, fieldState }) => (
              <TextField
                select
                size="small"
                label={t('admin.calendars.scope')}
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? 'estadual'}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
                sx={{ minWidth: 170 }}
              >
                {WORK_CALENDAR_HOLIDAY_SCOPES.map((scope) => (
                  <MenuItem key={scope} value={scope}>
                    {t(`admin.calendars.scopes.${scope}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name={`holidays.${index}.recurring`}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={t('admin.calendars.recurring')}
              />
            )}
          />
          <IconButton
            aria-label={t('admin.calendars.removeHoliday', { index: index + 1 })}
            onClick={() => holidays.remove(index)}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => holidays.append({ day: '', name: '', scope: 'estadual', recurring: true })}
      >
        {t('admin.calendars.addHoliday')}
      </Button>
    </Box>
  );
}
