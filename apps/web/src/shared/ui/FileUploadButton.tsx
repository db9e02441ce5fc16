import { Button, type ButtonProps } from '@mui/material';
import { useRef } from 'react';

interface FileUploadButtonProps {
  /** The visible text of the button. */
  children: React.ReactNode;
  /** The accessible name when the visible text alone is ambiguous (several "Enviar" on one page). */
  'aria-label'?: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  sx?: ButtonProps['sx'];
}

/**
 * A real button that opens a hidden file input. (MUI's `component="label"` pattern puts role="button" on a
 * <label>, which axe refuses as a role the element may not have.)
 */
export function FileUploadButton({ children, accept, onFile, ...buttonProps }: FileUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...buttonProps} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again fires onChange again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
