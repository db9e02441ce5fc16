import { InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { numericDecimalsOf, parseNumericInput, sanitizeNumericInput } from '../../../format/numericInput.ts';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

/** The number as shown outside editing: the language's grouping, a fixed two decimals for money. */
function displayNumber(value: unknown, decimals: number, language: string, fixed: boolean): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(language === 'en' ? 'en' : 'pt-BR', {
    minimumFractionDigits: fixed ? decimals : 0,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * Spec §5 numeric picker: only numbers are accepted while typing (integers 0 decimals; decimal, currency and
 * percent 2), shown in pt-BR ('1.234,56', currency 'R$') and stored as a JSON number.
 */
export function NumericPickerField({ component }: KindProps<'numericPicker'>) {
  const { i18n } = useTranslation();
  const bound = useBoundField(component);
  const [editing, setEditing] = useState<string | null>(null);
  if (bound.hidden || !bound.field) return null;
  const { controller, field } = bound;
  const decimals = numericDecimalsOf({ type: field.type });
  const isCurrency = field.type === 'CURRENCY';
  // Money is BRL in every language (spec §9).
  const language = isCurrency ? 'pt-BR' : i18n.language;
  const shown = editing ?? displayNumber(controller.field.value, decimals, language, isCurrency);
  const adornment = isCurrency ? 'R$' : field.type === 'PERCENTILE' ? '%' : undefined;
  return (
    <TextField
      name={controller.field.name}
      inputRef={controller.field.ref}
      label={bound.label}
      value={shown}
      onFocus={(event) => {
        const value = controller.field.value;
        const input = event.currentTarget;
        // While editing the number has no grouping dots: only the decimal separator. Rewritten at once and
        // then selected whole, as the browser selects a field entered by keyboard: rewriting the text later
        // would drop that selection, and what is typed next would be appended to the old number.
        flushSync(() =>
          setEditing(
            typeof value === 'number'
              ? displayNumber(value, decimals, language, false).replace(/[.,](?=\d{3})/g, '')
              : '',
          ),
        );
        input.select();
      }}
      onChange={(event) => {
        const text = sanitizeNumericInput(event.target.value, decimals);
        setEditing(text);
        controller.field.onChange(parseNumericInput(text));
      }}
      onBlur={() => {
        setEditing(null);
        controller.field.onBlur();
      }}
      required={bound.required}
      error={Boolean(bound.errorText)}
      helperText={bound.errorText ?? bound.hint}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: decimals > 0 ? 'decimal' : 'numeric', readOnly: bound.readOnly },
        input: adornment
          ? {
              [isCurrency ? 'startAdornment' : 'endAdornment']: (
                <InputAdornment position={isCurrency ? 'start' : 'end'}>{adornment}</InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
