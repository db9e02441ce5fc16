import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import { nextPeriodOf, WEEK_ORDER, type WorkCalendarFormControl } from './workCalendarForm.ts';

/** The week's periods of work, grouped by weekday: each day's periods (start, end), added and removed per day. */
export function WeekPeriodsField({ control }: { control: WorkCalendarFormControl }) {
  const { t } = useTranslation();
  const headingId = useId();
  const periods = useFieldArray({ control, name: 'workPeriods' });
  const values = useWatch({ control, name: 'workPeriods' }) ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ gridColumn: '1 / -1' }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('admin.calendars.workPeriods')}
      </Typography>
      {WEEK_ORDER.map((weekday) => {
        const dayName = t(`admin.weekdays.${weekday}`);
        const indexes = periods.fields.flatMap((field, index) =>
          (values[index]?.weekday ?? field.weekday) === weekday ? [index] : [],
        );
        return (
          <Box
            key={weekday}
            role="group"
            aria-label={dayName}
            data-testid={`weekday-${weekday}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr auto' },
              gap: 1,
              alignItems: 'start',
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="span" sx={{ pt: 1 }}>
              {dayName}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              {indexes.length === 0 && (
                <Typography component="span" color="text.secondary" sx={{ pt: 1 }}>
                  {t('admin.calendars.dayOff')}
                </Typography>
              )}
              {indexes.map((index) => (
                <Box
                  key={periods.fields[index]!.id}
                  sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
                >
                  {(['start', 'end'] as const).map((part) => (
                    <Controller
                      key={part}
                      control={control}
                      name={`workPeriods.${index}.${part}`}
                      render={({ field, fieldState }) => (
                        <TextField
                          size="small"
                          type="time"
                          label={t(`admin.calendars.${part}`)}
                          name={field.name}
                          inputRef={field.ref}
                          value={field.value ?? ''}
                          onChange={(event) => field.onChange(event.target.value)}
                          onBlur={field.onBlur}
                          error={Boolean(fieldState.error)}
                          helperText={translateFieldError(t, fieldState.error?.message)}
                          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
                        />
                      )}
                    />
                  ))}
                  <IconButton
                    aria-label={t('admin.calendars.removePeriod', {
                      day: dayName,
                      start: values[index]?.start ?? '',
                      end: values[index]?.end ?? '',
                    })}
                    onClick={() => periods.remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              ))}
            </Box>
            <Button
              startIcon={<AddIcon />}
              aria-label={t('admin.calendars.addPeriodOn', { day: dayName })}
              onClick={() => periods.append(nextPeriodOf(weekday, values))}
            >
              {t('admin.calendars.addPeriod')}
            </Button>
          </Box>
        );
      })}
    </Box>
  );
}
