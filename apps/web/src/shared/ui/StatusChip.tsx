import { Chip, type ChipProps } from '@mui/material';
import { readableTextColor } from './DataTable/readableTextColor.ts';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A workflow status as a chip in the definition's colour, its text black or white for contrast (WCAG AA); a
 * colour that is not '#RRGGBB' falls back to the theme's default chip.
 */
export function StatusChip({
  name,
  color,
  ...props
}: { name: string; color: string | null | undefined } & Omit<ChipProps, 'label' | 'color'>) {
  const colour = color && HEX_COLOUR.test(color) ? color : null;
  return (
    <Chip
      size="small"
      {...props}
      label={name}
      sx={[colour ? { bgcolor: colour, color: readableTextColor(colour) } : {}, ...toArray(props.sx)]}
    />
  );
}

function toArray<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...value] : [value as T];
}
