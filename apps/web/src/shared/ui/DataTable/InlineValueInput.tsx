import { assertNever } from '@der/contracts';
import { TextField } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { numberToInput, numericDecimalsOf, sanitizeNumericInput } from '../../format/numericInput.ts';
import type { DataTableColumn } from './dataTableTypes.ts';
import { inlineEditKindOf } from './inlineEditKind.ts';

/** The text an editor starts with for a stored value (numbers with the language's decimal separator). */
export function initialEditText(column: DataTableColumn, value: unknown, language: string): string {
  const kind = inlineEditKindOf(column);
  switch (kind) {
    case 'integer':
    case 'decimal':
      return numberToInput(value, language === 'en' ? '.' : ',');
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : '';
    case 'text':
    case 'choice':
      return value === null || value === undefined ? '' : String(value);
    case null:
      return '';
    default:
      return assertNever(kind);
  }
}

/**
 * The input of an inline-editable value (spec §3 inline kinds): a text box (numbers accept only digits and
 * the column's decimals) or a native select of Sim/Não or of the column's items. Enter commits, Escape cancels.
 */
export function InlineValueInput({
  column,
  label,
  value,
  onChange,
  onCommit,
  onCancel,
  autoFocus = false,
  disabled = false,
}: {
  column: DataTableColumn;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onCommit?: (text: string) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const kind = inlineEditKindOf(column);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && onCommit) {
      event.preventDefault();
      onCommit((event.target as HTMLInputElement).value);
    }
  };
  if (kind === 'boolean' || kind === 'choice') {
    const options =
      kind === 'boolean'
        ? [
            { value: 'true', text: t('runtime.boolean.yes') },
            { value: 'false', text: t('runtime.boolean.no') },
          ]
        : column.items.map((item) => ({ value: item.value, text: item.text }));
    return (
      <TextField
        select
        size="small"
        variant="standard"
        fullWidth
        autoFocus={autoFocus}
        disabled={disabled}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          onCommit?.(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
      >
        <option value="" />
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </TextField>
    );
  }
  const decimals = kind === 'integer' || kind === 'decimal' ? numericDecimalsOf(column) : null;
  return (
    <TextField
      size="small"
      variant="standard"
      fullWidth
      autoFocus={autoFocus}
      disabled={disabled}
      value={value}
      onChange={(event) =>
        onChange(decimals === null ? event.target.value : sanitizeNumericInput(event.target.value, decimals))
      }
      onKeyDown={handleKeyDown}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          inputMode: decimals === null ? undefined : decimals > 0 ? 'decimal' : 'numeric',
        },
      }}
    />
  );
}
