import { TextField } from '@mui/material';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

/** A text input; names are upper-cased as typed when the field says so (spec §5). */
export function TextboxField({ component }: KindProps<'textbox'>) {
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  const { field, controller } = bound;
  return (
    <TextField
      name={controller.field.name}
      inputRef={controller.field.ref}
      label={bound.label}
      value={typeof controller.field.value === 'string' ? controller.field.value : ''}
      onChange={(event) => {
        const text = event.target.value;
        controller.field.onChange(field?.uppercase ? text.toLocaleUpperCase('pt-BR') : text);
      }}
      onBlur={controller.field.onBlur}
      required={bound.required}
      error={Boolean(bound.errorText)}
      helperText={bound.errorText ?? bound.hint}
      multiline={component.multiline}
      minRows={component.multiline ? 3 : undefined}
      fullWidth
      slotProps={{ htmlInput: { maxLength: field?.maxLength, readOnly: bound.readOnly } }}
    />
  );
}
