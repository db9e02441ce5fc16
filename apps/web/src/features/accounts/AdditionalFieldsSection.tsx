import type { AdditionalFieldEntity, PublicAdditionalField } from '@der/contracts';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type Control, Controller, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../auth/translateFieldError.ts';

import { ADDITIONAL_FIELDS_KEY } from './additionalFieldValues.ts';
import { useAdditionalFieldDefinitions } from './useAdditionalFields.ts';

/**
 * The administrator-defined fields of a form (below the standard ones), as items of a Grid container;
 * nothing when none.
 */
export function AdditionalFieldsSection<T extends FieldValues>({
  control,
  entity,
  disabled,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and output types do not matter here
  control: Control<T, any, any>;
  entity: AdditionalFieldEntity;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const definitions = useAdditionalFieldDefinitions(entity).data ?? [];
  if (definitions.length === 0) return null;
  const english = i18n.language?.startsWith('en') ?? false;

  return (
    <>
      <Grid size={12}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('accounts.register.additionalFields')}
        </Typography>
      </Grid>
      {definitions.map((definition) => (
        <Grid key={definition.name} size={definition.type === 'BOOLEAN' ? 12 : { xs: 12, sm: 6 }}>
          <AdditionalFieldInput
            control={control}
            definition={definition}
            label={english ? definition.labelEn : definition.labelPtBr}
            disabled={disabled}
          />
        </Grid>
      ))}
    </>
  );
}

function AdditionalFieldInput<T extends FieldValues>({
  control,
  definition,
  label,
  disabled,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: see AdditionalFieldsSection
  control: Control<T, any, any>;
  definition: PublicAdditionalField;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = `${ADDITIONAL_FIELDS_KEY}.${definition.name}` as Path<T>;
  const { type, required } = definition;

  if (type === 'BOOLEAN') {
    return (
      <Controller
        name={name}
        control={control}
        defaultValue={false as PathValue<T, Path<T>>}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} disabled={disabled}>
            <FormControlLabel
              label={label}
              required={required}
              control={
                <Checkbox
                  name={field.name}
                  slotProps={{ input: { ref: field.ref } }}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
            {fieldState.error && (
              <FormHelperText>{translateFieldError(t, fieldState.error.message)}</FormHelperText>
            )}
          </FormControl>
        )}
      />
    );
  }

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const common = {
          name: field.name,
          inputRef: field.ref,
          value: field.value ?? '',
          onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
          onBlur: field.onBlur,
          label,
          required,
          disabled,
          fullWidth: true,
          error: Boolean(fieldState.error),
          helperText: translateFieldError(t, fieldState.error?.message),
        };
        if (type === 'PICKLIST') {
          return (
            <TextField {...common} select>
              {!required && (
                <MenuItem value="">
                  <em>{t('accounts.register.additionalFieldNone')}</em>
                </MenuItem>
              )}
              {definition.options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.text}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        if (type === 'DATE_TIME') {
          return <TextField {...common} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />;
        }
        if (type === 'INTEGER' || type === 'DECIMAL' || type === 'CURRENCY') {
          // Text with a numeric keyboard: type="number" would refuse the Brazilian decimal comma.
          return (
            <TextField
              {...common}
              slotProps={{ htmlInput: { inputMode: type === 'INTEGER' ? 'numeric' : 'decimal' } }}
            />
          );
        }
        return <TextField {...common} />;
      }}
    />
  );
}
