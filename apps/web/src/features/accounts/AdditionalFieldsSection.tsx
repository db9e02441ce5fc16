import {
  additionalFieldRoutes,
  type PublicAdditionalField,
  type PublicAdditionalFieldEntity,
  parseBrazilianNumber,
} from '@der/contracts';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/apiClient.ts';
import { translateFieldError } from '../auth/translateFieldError.ts';

/** Where the values live in the registration forms (and in the body): `additionalFields.<name>`. */
export const ADDITIONAL_FIELDS_KEY = 'additionalFields';

const queryKey = (entity: PublicAdditionalFieldEntity) => ['additionalFields', 'public', entity] as const;

/** The active definitions of an entity, in position order; none while loading or when they cannot be loaded. */
export function useAdditionalFieldDefinitions(entity: PublicAdditionalFieldEntity) {
  return useQuery({
    queryKey: queryKey(entity),
    queryFn: ({ signal }) => apiCall(additionalFieldRoutes.list, { query: { entity }, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Client-side check of one value: a validation message key, or undefined when it is fine. */
function checkValue(definition: PublicAdditionalField, value: unknown): string | undefined {
  if (isEmpty(value)) return definition.required && definition.type !== 'BOOLEAN' ? 'required' : undefined;
  switch (definition.type) {
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY': {
      const number = parseBrazilianNumber(value);
      if (number === null) return 'invalidValue';
      if (definition.type === 'INTEGER' && !Number.isInteger(number)) return 'invalidValue';
      if (definition.type === 'CURRENCY' && Math.abs(number * 100 - Math.round(number * 100)) > 1e-6) {
        return 'invalidValue';
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The values to send: defined fields only, empty ones left out, numbers as numbers, dates as ISO instants. */
export function toAdditionalFieldValues(
  definitions: readonly PublicAdditionalField[],
  raw: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    const value = raw?.[definition.name];
    if (definition.type === 'BOOLEAN') {
      values[definition.name] = value === true;
      continue;
    }
    if (isEmpty(value)) continue;
    switch (definition.type) {
      case 'INTEGER':
      case 'DECIMAL':
      case 'CURRENCY':
        values[definition.name] = parseBrazilianNumber(value) ?? value;
        break;
      case 'DATE_TIME': {
        // datetime-local gives the local wall time (2025-03-04T10:30): sent as an instant.
        const date = new Date(String(value));
        values[definition.name] = Number.isNaN(date.getTime()) ? value : date.toISOString();
        break;
      }
      default:
        values[definition.name] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return values;
}

/**
 * What a registration page needs besides the section: a resolver that adds the additional fields' checks to
 * the contract's (the definitions are read when validating, so they may load after the form), the form paths
 * that server field errors may name, and the values to send.
 */
export function useAdditionalFields(entity: PublicAdditionalFieldEntity) {
  const queryClient = useQueryClient();
  const definitions = useAdditionalFieldDefinitions(entity).data ?? [];
  const current = () => queryClient.getQueryData<PublicAdditionalField[]>(queryKey(entity)) ?? [];

  function withChecks<TInput extends FieldValues, TContext, TOutput>(
    base: Resolver<TInput, TContext, TOutput>,
  ): Resolver<TInput, TContext, TOutput> {
    return async (values, context, options) => {
      const result = await base(values, context, options);
      const raw = (values as Record<string, unknown>)[ADDITIONAL_FIELDS_KEY] as
        | Record<string, unknown>
        | undefined;
      const issues: Record<string, { type: string; message: string }> = {};
      for (const definition of current()) {
        const message = checkValue(definition, raw?.[definition.name]);
        if (message) issues[definition.name] = { type: message, message };
      }
      if (Object.keys(issues).length === 0) return result;
      const previous = (result.errors as Record<string, unknown>)[ADDITIONAL_FIELDS_KEY] ?? {};
      return {
        values: {},
        errors: { ...result.errors, [ADDITIONAL_FIELDS_KEY]: { ...previous, ...issues } },
      } as unknown as Awaited<ReturnType<Resolver<TInput, TContext, TOutput>>>;
    };
  }

  return {
    definitions,
    withChecks,
    paths: definitions.map((definition) => `${ADDITIONAL_FIELDS_KEY}.${definition.name}`),
    values: (raw: Record<string, unknown> | undefined) => toAdditionalFieldValues(current(), raw),
  };
}

/** The administrator-defined fields of a registration form (below the standard ones); nothing when none. */
export function AdditionalFieldsSection<T extends FieldValues>({
  control,
  entity,
  disabled,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and output types do not matter here
  control: Control<T, any, any>;
  entity: PublicAdditionalFieldEntity;
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
