import { AUTO_TIMESHEET_TYPES, TIMESHEET_TYPES, type UserFormInitialData } from '@der/contracts';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import type { UserFormControl } from './userForm.ts';

/**
 * The user's choices among the form's initial data: the company, the groups and the two timesheet types (the
 * server's options, or the built-in ones when it sends none).
 */
export function UserChoiceFields({
  control,
  initial,
}: {
  control: UserFormControl;
  initial: UserFormInitialData | undefined;
}) {
  const { t } = useTranslation();
  const companies = initial?.companies ?? [];
  const groups = initial?.groups ?? [];
  const timesheetOptions = initial?.timesheetTypes.length
    ? initial.timesheetTypes
    : TIMESHEET_TYPES.map((value) => ({ value, text: t(`admin.users.timesheetTypes.${value}`) }));
  const autoOptions = initial?.autoTimesheetTypes.length
    ? initial.autoTimesheetTypes
    : AUTO_TIMESHEET_TYPES.map((value) => ({ value, text: t(`admin.users.autoTimesheetTypes.${value}`) }));

  return (
    <>
      <Controller
        control={control}
        name="companyId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('admin.users.company')}
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={translateFieldError(t, fieldState.error?.message)}
            fullWidth
          >
            <MenuItem value="">
              <em>{t('admin.users.noCompany')}</em>
            </MenuItem>
            {companies.map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="groupIds"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            options={groups}
            getOptionLabel={(option) => option.name}
            value={groups.filter((group) => (field.value ?? []).includes(group.id))}
            onChange={(_, value) => field.onChange(value.map((group) => group.id))}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('admin.users.groups')}
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
              />
            )}
          />
        )}
      />
      {(
        [
          ['timesheetType', 'admin.users.timesheetType', timesheetOptions],
          ['autoTimesheetType', 'admin.users.autoTimesheetType', autoOptions],
        ] as const
      ).map(([name, label, options]) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <TextField select label={t(label)} {...field} value={field.value ?? '0'}>
              {options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.text}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ))}
    </>
  );
}
