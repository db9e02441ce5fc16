import { assertNever, type BulkOptions } from '@der/contracts';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

type BulkField = BulkOptions['fields'][number];

/** A bulk update's one value for a field (getBulkOptions): text, a number, yes/no or one of its options. */
export function BulkValueInput({
  field,
  label,
  value,
  onChange,
}: {
  field: BulkField;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'boolean':
      return (
        <TextField
          select
          label={label}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(event) => onChange(event.target.value === 'true')}
        >
          <MenuItem value="true">{t('bulk.dialog.yes')}</MenuItem>
          <MenuItem value="false">{t('bulk.dialog.no')}</MenuItem>
        </TextField>
      );
    case 'choice':
      return (
        <TextField
          select
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        >
          {field.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.text}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'text':
      return (
        <TextField
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return (
        <TextField
          label={label}
          type="number"
          value={typeof value === 'number' ? String(value) : ''}
          // Empty clears the field (null), as in the form.
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        />
      );
    default:
      return assertNever(field.kind);
  }
}
