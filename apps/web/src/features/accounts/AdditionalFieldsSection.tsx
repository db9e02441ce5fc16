import {
  type AdditionalFieldEntity,
  additionalFieldRoutes,
  adminAdditionalFieldRoutes,
  assertNever,
  PUBLIC_ADDITIONAL_FIELD_ENTITIES,
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

/** Where the values live in the forms (and in the body): `additionalFields.<name>`. */
export const ADDITIONAL_FIELDS_KEY = 'additionalFields';

/** Stable while loading: effects that depend on the definitions do not run again at every render. */
const NO_DEFINITIONS: readonly PublicAdditionalField[] = [];

const isPublicEntity = (entity: AdditionalFieldEntity): entity is PublicAdditionalFieldEntity =>
  (PUBLIC_ADDITIONAL_FIELD_ENTITIES as readonly string[]).includes(entity);

const queryKey = (entity: AdditionalFieldEntity) =>
  ['additionalFields', isPublicEntity(entity) ? 'public' : 'admin', entity] as const;

/**
 * The registration forms read the public list (no session); the fields of users and companies are filled in
 * the administration area only, from the administrator's list (which also has the inactive ones).
 */
async function fetchActiveDefinitions(
  entity: AdditionalFieldEntity,
  signal: AbortSignal,
): Promise<PublicAdditionalField[]> {
  if (isPublicEntity(entity)) return apiCall(additionalFieldRoutes.list, { query: { entity }, signal });
  const all = await apiCall(adminAdditionalFieldRoutes.list, { query: { entity }, signal });
  return all
    .filter((definition) => definition.active)
    .map(({ name, labelPtBr, labelEn, type, required, options, position }) => ({
      name,
      labelPtBr,
      labelEn,
      type,
      required,
      options,
      position,
    }));
}

/** The active definitions of an entity, in position order; none while loading or when they cannot be loaded. */
export function useAdditionalFieldDefinitions(entity: AdditionalFieldEntity) {
  return useQuery({
    queryKey: queryKey(entity),
    queryFn: ({ signal }) => fetchActiveDefinitions(entity, signal),
    retry: false,
    // An administrator may have just changed the definitions of users or companies in another page.
    staleTime: isPublicEntity(entity) ? 5 * 60_000 : 0,
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

/** A number as the form shows it: a decimal comma, which parseBrazilianNumber reads back unchanged. */
function numberForForm(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? text : text.replace('.', ',');
}

/** An ISO instant as the datetime-local input shows it (local wall time, to the minute). */
function dateTimeForForm(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Stored values (as the server answers them) as the inputs edit them: the inverse of toAdditionalFieldValues.
 * Values of fields that are not defined (any more) are left out: the server keeps them.
 */
export function fromAdditionalFieldValues(
  definitions: readonly PublicAdditionalField[],
  stored: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    const value = stored?.[definition.name];
    if (value === undefined || value === null) continue;
    switch (definition.type) {
      case 'INTEGER':
      case 'DECIMAL':
      case 'CURRENCY':
        values[definition.name] = typeof value === 'number' ? numberForForm(value) : value;
        break;
      case 'DATE_TIME':
        values[definition.name] = typeof value === 'string' ? dateTimeForForm(value) : value;
        break;
      case 'BOOLEAN':
      case 'STRING':
      case 'PICKLIST':
        values[definition.name] = value;
        break;
      default:
        assertNever(definition.type);
    }
  }
  return values;
}

/**
 * What a form needs besides the section: a resolver that adds the additional fields' checks to the
 * contract's (the definitions are read when validating, so they may load after the form), the form paths
 * that server field errors may name, the values to send, and (for an edit form) whether the definitions are
 * settled, to convert the stored values with fromAdditionalFieldValues.
 */
export function useAdditionalFields(entity: AdditionalFieldEntity) {
  const queryClient = useQueryClient();
  const query = useAdditionalFieldDefinitions(entity);
  const definitions = query.data ?? NO_DEFINITIONS;
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
    /** Loaded, or failed (then no additional field is shown). */
    settled: !query.isPending,
    withChecks,
    paths: definitions.map((definition) => `${ADDITIONAL_FIELDS_KEY}.${definition.name}`),
    values: (raw: Record<string, unknown> | undefined) => toAdditionalFieldValues(current(), raw),
  };
}

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
