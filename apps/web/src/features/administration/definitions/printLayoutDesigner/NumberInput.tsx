import { TextField } from '@mui/material';
import { useState } from 'react';

/**
 * A number typed in place. While it is typed the text is kept as is ('', '1.', '-'), and only a finite number
 * reaches `onChange`; leaving the input shows the value the layout holds (clamped, if it was).
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 0.5,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const handleChange = (text: string) => {
    setDraft(text);
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number)) onChange(number);
  };
  return (
    <TextField
      type="number"
      size="small"
      label={label}
      value={draft ?? String(value)}
      onChange={(event) => handleChange(event.target.value)}
      onBlur={() => setDraft(null)}
      slotProps={{ htmlInput: { min, max, step }, inputLabel: { shrink: true } }}
      sx={{ width: 128 }}
    />
  );
}
