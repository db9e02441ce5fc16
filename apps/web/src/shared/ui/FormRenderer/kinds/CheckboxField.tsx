import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

export function CheckboxField({ component }: KindProps<'checkbox'>) {
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  const { controller } = bound;
  return (
    <FormControl error={Boolean(bound.errorText)}>
      <FormControlLabel
        label={bound.label}
        control={
          <Checkbox
            name={controller.field.name}
            slotProps={{ input: { ref: controller.field.ref } }}
            checked={controller.field.value === true}
            onChange={(event) => controller.field.onChange(event.target.checked)}
            onBlur={controller.field.onBlur}
            disabled={bound.readOnly}
          />
        }
      />
      {(bound.errorText ?? bound.hint) && <FormHelperText>{bound.errorText ?? bound.hint}</FormHelperText>}
    </FormControl>
  );
}
