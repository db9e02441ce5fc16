import { localize } from '@der/contracts';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

export function RadioGroupField({ component }: KindProps<'radioGroup'>) {
  const { i18n } = useTranslation();
  const labelId = useId();
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  const { controller } = bound;
  return (
    <FormControl error={Boolean(bound.errorText)} required={bound.required} disabled={bound.readOnly}>
      {/* A read-only group's label stays legible (MUI greys a disabled one below the WCAG contrast). */}
      <FormLabel id={labelId} sx={{ '&.Mui-disabled': { color: 'text.secondary' } }}>
        {bound.label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        row={component.direction === 'row'}
        name={controller.field.name}
        value={typeof controller.field.value === 'string' ? controller.field.value : ''}
        onChange={(event) => controller.field.onChange(event.target.value)}
        onBlur={controller.field.onBlur}
      >
        {(bound.field?.options ?? []).map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={localize(option.text, i18n.language)}
          />
        ))}
      </RadioGroup>
      {(bound.errorText ?? bound.hint) && <FormHelperText>{bound.errorText ?? bound.hint}</FormHelperText>}
    </FormControl>
  );
}
