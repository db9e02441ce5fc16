import type { FieldDefinition } from '@der/contracts';
import { Autocomplete, Avatar, Box, Chip, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { ReferenceOption, ReferenceValue } from '../formRendererTypes.ts';
import type { useBoundField } from '../useBoundField.ts';
import { useDebounced } from '../useDebounced.ts';
import { useReferenceOptions } from './useReferenceOptions.ts';

/** Field types whose values point at other records: their dropdown searches the server instead of listing options. */
export const REFERENCE_FIELD_TYPES: ReadonlySet<FieldDefinition['type']> = new Set([
  'USERS',
  'USERS_OR_GROUPS',
  'GROUPS',
  'COMPANY',
  'PROJECT',
  'GENERIC_ITEM_TYPE',
  'ORGANIZATIONAL_STRUCTURE',
  'ITEM_TYPE_STATUS',
  'CALENDAR',
]);

export const referenceKey = (value: ReferenceValue): string =>
  typeof value === 'object' ? `${value.kind}:${value.id}` : String(value);

function storedValues(value: unknown): ReferenceValue[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as ReferenceValue[];
}

function OptionAvatar({ option }: { option: ReferenceOption }) {
  if (option.avatar === undefined) return null;
  return (
    // Decorative: the name beside it is the option's accessible name.
    <Avatar
      aria-hidden
      src={option.avatar || undefined}
      alt=""
      sx={{ width: 24, height: 24, mr: 1, fontSize: 12 }}
    >
      {option.label.charAt(0)}
    </Avatar>
  );
}

/**
 * The dropdown of a reference field (spec §3 field types USERS, GROUPS, COMPANY, PROJECT, GENERIC_ITEM_TYPE …):
 * choices searched on the server as the user types (only what they may see comes back), one or many by the
 * field's `multiple`, the stored values shown by their names.
 */
export function ReferenceChooser({ bound }: { bound: ReturnType<typeof useBoundField> }) {
  const { t } = useTranslation();
  const { services } = useFormRenderer();
  const { controller, field } = bound;
  const references = services.references;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  // A single choice shows its name in the input until the user types over it.
  const [editing, setEditing] = useState(false);
  const searched = useDebounced(search.trim());
  const values = storedValues(controller.field.value);
  const multiple = Boolean(field?.multiple) || field?.type === 'USERS_OR_GROUPS';

  const { resolved, choices } = useReferenceOptions(
    field,
    references,
    values,
    values.map(referenceKey).join(','),
    searched,
    open,
  );

  const known = new Map((resolved.data ?? []).map((option) => [option.key, option]));
  // A value whose record the user may no longer see keeps its id rather than vanishing from the form.
  const selected = values.map(
    (value) =>
      known.get(referenceKey(value)) ?? {
        key: referenceKey(value),
        value,
        label: resolved.isFetching ? '' : `#${referenceKey(value)}`,
      },
  );
  const stopEditing = () => {
    setEditing(false);
    setSearch('');
  };
  const common = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => {
      setOpen(false);
      stopEditing();
    },
    options: choices.data ?? [],
    inputValue: multiple || editing ? search : (selected[0]?.label ?? ''),
    onInputChange: (_: unknown, text: string, reason: string) => {
      if (reason !== 'input' && reason !== 'clear') return;
      setSearch(text);
      setEditing(true);
    },
    // The server filters by the search text; the list shows its answer as is.
    filterOptions: (all: ReferenceOption[]) => all,
    getOptionLabel: (option: ReferenceOption) => option.label,
    isOptionEqualToValue: (option: ReferenceOption, value: ReferenceOption) => option.key === value.key,
    renderOption: (
      props: React.HTMLAttributes<HTMLLIElement> & { key: React.Key },
      option: ReferenceOption,
    ) => {
      const { key: _key, ...rest } = props;
      return (
        <Box component="li" {...rest} key={option.key}>
          <OptionAvatar option={option} />
          <Typography component="span">{option.label}</Typography>
          {option.kind && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {t(`form.reference.kind.${option.kind}`)}
            </Typography>
          )}
        </Box>
      );
    },
    loading: choices.isFetching,
    loadingText: t('form.loading'),
    noOptionsText: choices.isError ? t('form.reference.loadFailed') : t('form.reference.noChoices'),
    disabled: bound.readOnly || !references,
    fullWidth: true,
    renderInput: (
      params: Parameters<NonNullable<React.ComponentProps<typeof Autocomplete>['renderInput']>>[0],
    ) => (
      <TextField
        {...params}
        name={controller.field.name}
        inputRef={controller.field.ref}
        label={bound.label}
        required={bound.required}
        error={Boolean(bound.errorText)}
        helperText={bound.errorText ?? bound.hint}
        onBlur={controller.field.onBlur}
      />
    ),
  };

  if (multiple)
    return (
      <Autocomplete<ReferenceOption, true>
        {...common}
        multiple
        value={selected}
        onChange={(_, options) => {
          stopEditing();
          controller.field.onChange(options.map((option) => option.value));
        }}
        renderValue={(options, getItemProps) =>
          options.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={option.label} {...itemProps} />;
          })
        }
      />
    );
  return (
    <Autocomplete<ReferenceOption, false>
      {...common}
      value={selected[0] ?? null}
      onChange={(_, option) => {
        stopEditing();
        controller.field.onChange(option ? option.value : null);
      }}
    />
  );
}
