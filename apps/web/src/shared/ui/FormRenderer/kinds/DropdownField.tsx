import { localize } from '@der/contracts';
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';
import { REFERENCE_FIELD_TYPES, ReferenceChooser } from './ReferenceChooser.tsx';

/**
 * A picklist: each option with its colour swatch (spec §3 dropdown option: value, text, color). Reference fields
 * (users, companies, items …) choose among records searched on the server instead.
 */
export function DropdownField({ component }: KindProps<'dropdown'>) {
  const { t, i18n } = useTranslation();
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  if (bound.field && REFERENCE_FIELD_TYPES.has(bound.field.type)) return <ReferenceChooser bound={bound} />;
  const { controller } = bound;
  const options = bound.field?.options ?? [];
  return (
    <TextField
      select
      name={controller.field.name}
      inputRef={controller.field.ref}
      label={bound.label}
      value={typeof controller.field.value === 'string' ? controller.field.value : ''}
      onChange={(event) => controller.field.onChange(event.target.value || null)}
      onBlur={controller.field.onBlur}
      required={bound.required}
      error={Boolean(bound.errorText)}
      helperText={bound.errorText ?? bound.hint}
      disabled={bound.readOnly}
      fullWidth
    >
      <MenuItem value="">
        <em>{t('form.noValue')}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.color && (
            <Box
              component="span"
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: option.color, mr: 1, flexShrink: 0 }}
            />
          )}
          {localize(option.text, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}
