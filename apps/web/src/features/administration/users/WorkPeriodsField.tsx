import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import type { UserFormControl } from './userForm.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The user's working calendar: periods of a weekday with a start and an end time; add and remove. */
export function WorkPeriodsField({ control }: { control: UserFormControl }) {
  const { t } = useTranslation();
  const periods = useFieldArray({ control, name: 'calendar.workPeriods' as never });
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('admin.users.workPeriods')}
      </Typography>
      {periods.fields.map((period, index) => (
        <Box
          key={period.id}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}
          data-testid={`work-period-${index}`}
        >
          <Controller
            control={control}
            name={`calendar.workPeriods.${index}.weekday`}
            render={({ field }) => (
              <TextField
                select
                size="small"
                label={t('admin.users.weekday')}
                value={field.value ?? 1}
                onChange={(event) => field.onChange(Number(event.target.value))}
                sx={{ minWidth: 160 }}
              >
                {WEEKDAYS.map((day) => (
                  <MenuItem key={day} value={day}>
                    {t(`admin.weekdays.${day}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {(['start', 'end'] as const).map((part) => (
            <Controller
              key={part}
              control={control}
              name={`calendar.workPeriods.${index}.${part}`}
              render={({ field, fieldState }) => (
                <TextField
                  size="small"
                  type="time"
                  label={t(`admin.users.${part}`)}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={translateFieldError(t, fieldState.error?.message)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                />
              )}
            />
          ))}
          <IconButton
            aria-label={t('admin.users.removePeriod', { index: index + 1 })}
            onClick={() => periods.remove(index)}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => periods.append({ weekday: 1, start: '08:00', end: '17:00' } as never)}
      >
        {t('admin.users.addPeriod')}
      </Button>
    </Box>
  );
}
