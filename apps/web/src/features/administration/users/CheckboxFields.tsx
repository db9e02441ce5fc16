import { Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormControl } from './userForm.ts';

type BooleanField =
  | 'active'
  | 'isAdministrator'
  | 'hasPanelAdminPermission'
  | 'hasChangePasswordPermission'
  | 'forcePasswordReset'
  | 'endSessions';

/** A row of the user form's yes/no fields (permissions, one-off actions), each labelled by its i18n key. */
export function CheckboxFields({
  control,
  fields,
  label,
  heading,
}: {
  control: UserFormControl;
  fields: readonly (readonly [BooleanField, string])[];
  /** The group's accessible name. */
  label?: string;
  /** A visible heading above the boxes. */
  heading?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup sx={{ gridColumn: '1 / -1' }} aria-label={label}>
      {heading && (
        <Typography component="h3" variant="subtitle1">
          {heading}
        </Typography>
      )}
      {fields.map(([name, labelKey]) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label={t(labelKey)}
            />
          )}
        />
      ))}
    </FormGroup>
  );
}
