import { assertNever } from '@der/contracts';
import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isValidDateInput, MAX_DATE_INPUT, MIN_DATE_INPUT } from '../../format/dateFilterInput.ts';
import { numericDecimalsOf, sanitizeNumericInput } from '../../format/numericInput.ts';
import type { ColumnFilterValue, DataTableColumn } from './dataTableTypes.ts';
import { filterKindOf } from './filterKind.ts';

const inputSx = { minWidth: 0 } as const;

function NativeChoice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; text: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      variant="standard"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
      sx={inputSx}
    >
      <option value="">{t('dataTable.all')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </TextField>
  );
}

/**
 * The filter of one column, by its type (spec §2.9, §5): text to look for; a from–to pair of numbers that
 * accept only digits and the column's decimals; a from–to pair of dates whose invalid values are shown as
 * 'Data incorreta' and not applied; a choice of Sim/Não or of the column's items.
 */
export function ColumnFilterInput({
  column,
  value,
  onChange,
}: {
  column: DataTableColumn;
  value: ColumnFilterValue | undefined;
  onChange: (value: ColumnFilterValue) => void;
}) {
  const { t } = useTranslation();
  const kind = filterKindOf(column);
  const name = column.header;
  if (kind === null) return null;
  switch (kind) {
    case 'text':
      return (
        <TextField
          size="small"
          variant="standard"
          fullWidth
          placeholder={t('dataTable.search')}
          value={value?.kind === 'text' ? value.text : ''}
          onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
          slotProps={{ htmlInput: { 'aria-label': t('dataTable.filter', { column: name }) } }}
          sx={inputSx}
        />
      );
    case 'number': {
      const current = value?.kind === 'number' ? value : { kind: 'number' as const, from: '', to: '' };
      const decimals = numericDecimalsOf(column);
      const input = (edge: 'from' | 'to') => (
        <TextField
          size="small"
          variant="standard"
          fullWidth
          placeholder={t(`dataTable.${edge}`)}
          value={current[edge]}
          onChange={(event) =>
            onChange({ ...current, [edge]: sanitizeNumericInput(event.target.value, decimals) })
          }
          slotProps={{
            htmlInput: {
              'aria-label': t(edge === 'from' ? 'dataTable.filterFrom' : 'dataTable.filterTo', {
                column: name,
              }),
              inputMode: decimals > 0 ? 'decimal' : 'numeric',
            },
          }}
          sx={inputSx}
        />
      );
      return (
        <Stack spacing={0.5}>
          {input('from')}
          {input('to')}
        </Stack>
      );
    }
    case 'date': {
      const current = value?.kind === 'date' ? value : { kind: 'date' as const, from: '', to: '' };
      const input = (edge: 'from' | 'to') => {
        const invalid = current[edge] !== '' && !isValidDateInput(current[edge]);
        return (
          <TextField
            type="date"
            size="small"
            variant="standard"
            fullWidth
            value={current[edge]}
            error={invalid}
            helperText={invalid ? t('dataTable.incorrectDate') : undefined}
            onChange={(event) => onChange({ ...current, [edge]: event.target.value })}
            slotProps={{
              htmlInput: {
                'aria-label': t(edge === 'from' ? 'dataTable.filterFrom' : 'dataTable.filterTo', {
                  column: name,
                }),
                min: MIN_DATE_INPUT,
                max: MAX_DATE_INPUT,
              },
            }}
            sx={inputSx}
          />
        );
      };
      return (
        <Stack spacing={0.5}>
          {input('from')}
          {input('to')}
        </Stack>
      );
    }
    case 'boolean':
      return (
        <NativeChoice
          label={t('dataTable.filter', { column: name })}
          value={value?.kind === 'choice' ? value.value : ''}
          options={[
            { value: 'true', text: t('runtime.boolean.yes') },
            { value: 'false', text: t('runtime.boolean.no') },
          ]}
          onChange={(chosen) => onChange({ kind: 'choice', value: chosen })}
        />
      );
    case 'choice':
      return (
        <NativeChoice
          label={t('dataTable.filter', { column: name })}
          value={value?.kind === 'choice' ? value.value : ''}
          options={column.items.map((item) => ({ value: item.value, text: item.text }))}
          onChange={(chosen) => onChange({ kind: 'choice', value: chosen })}
        />
      );
    default:
      return assertNever(kind);
  }
}
