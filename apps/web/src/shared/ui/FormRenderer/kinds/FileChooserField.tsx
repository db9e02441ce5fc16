import { useBoundField } from '../useBoundField.ts';
import { FilesInput } from './FilesInput.tsx';
import type { KindProps } from './kindProps.ts';

/** Files of a BINARY field, limited to the accepted extensions and count. */
export function FileChooserField({ component }: KindProps<'fileChooser'>) {
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  return (
    <FilesInput
      bound={bound}
      accept={component.accept.join(',') || undefined}
      maxFiles={component.maxFiles}
    />
  );
}
