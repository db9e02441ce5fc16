import { type MaskSpec, maskIndexForDigits, maskOf } from '@der/contracts';
import { TextField } from '@mui/material';
import type { MaskedDynamic } from 'imask';
import { forwardRef } from 'react';
import { IMaskInput } from 'react-imask';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

interface MaskInputProps {
  name: string;
  mask: MaskSpec;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

/** react-imask inside MUI's input: the value keeps the mask's punctuation (as stored and shown in lists). */
const MaskInput = forwardRef<HTMLInputElement, MaskInputProps>(function MaskInput(
  { onChange, mask, ...other },
  ref,
) {
  return (
    <IMaskInput
      {...other}
      // biome-ignore lint/suspicious/noExplicitAny: imask's dynamic-mask typing does not narrow a union
      mask={mask as any}
      // Several masks (phones, CPF or CNPJ): the digit count chooses one.
      dispatch={
        Array.isArray(mask)
          ? (appended: string, dynamic: MaskedDynamic) =>
              dynamic.compiledMasks[
                maskIndexForDigits(mask, `${dynamic.value}${appended}`.replace(/\D/g, '').length)
              ]
          : undefined
      }
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name: other.name, value } })}
      overwrite
    />
  );
});

/** CPF, CNPJ, CEP, phone and custom masks (spec §5: '999.999.999-99' style masks). */
export function MaskedTextField({ component }: KindProps<'maskedText'>) {
  const bound = useBoundField(component);
  if (bound.hidden || !bound.field) return null;
  const { controller } = bound;
  const mask = maskOf(bound.field, component.mask) ?? '';
  return (
    <TextField
      name={controller.field.name}
      inputRef={controller.field.ref}
      label={bound.label}
      value={typeof controller.field.value === 'string' ? controller.field.value : ''}
      onChange={(event) => controller.field.onChange(event.target.value)}
      onBlur={controller.field.onBlur}
      required={bound.required}
      error={Boolean(bound.errorText)}
      helperText={bound.errorText ?? bound.hint}
      fullWidth
      slotProps={{
        input: { inputComponent: MaskInput as never },
        htmlInput: { mask, readOnly: bound.readOnly },
      }}
    />
  );
}
