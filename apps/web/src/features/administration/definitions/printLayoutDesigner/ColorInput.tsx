import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR = /^#[0-9A-Fa-f]{6}$/;

/** A colour as the contract holds it (#RRGGBB); `optional` ones may be left empty: nothing is painted. */
export function ColorInput({
  label,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const valid = COLOR.test(value) || (optional && value === '');
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      error={!valid}
      helperText={t(optional ? 'admin.printLayouts.optionalColorHelp' : 'admin.printLayouts.colorHelp')}
      slotProps={{ htmlInput: { spellCheck: false, maxLength: 7 }, inputLabel: { shrink: true } }}
      sx={{ width: 200 }}
    />
  );
}
