import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A bulk update's value for a plainly typed field (getBulkOptions fields): text, number or yes/no. */
export function BulkValueInput({
  type,
  label,
  value,
  onChange,
}: {
  type: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  if (type === 'BOOLEAN')
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
  if (type === 'STRING')
    return (
      <TextField
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  return (
    <TextField
      label={label}
      type="number"
      value={typeof value === 'number' ? String(value) : ''}
      // Empty clears the field (null), as in the form.
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    />
  );
}
