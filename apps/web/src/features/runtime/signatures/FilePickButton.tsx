import { Button } from '@mui/material';
import { useRef } from 'react';

/**
 * A button that opens the file chooser of a hidden input (a label styled as a button would carry role=button,
 * which axe refuses on a label).
 */
export function FilePickButton({
  label,
  text,
  accept,
  onPick,
}: {
  /** The input's accessible name (tests choose files through it). */
  label: string;
  /** The button's text (the chosen file's name once one is chosen). */
  text: string;
  accept: string;
  onPick: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" onClick={() => input.current?.click()} sx={{ alignSelf: 'flex-start' }}>
        {text}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        aria-label={label}
        onChange={(event) => onPick(event.target.files?.[0] ?? null)}
      />
    </>
  );
}
