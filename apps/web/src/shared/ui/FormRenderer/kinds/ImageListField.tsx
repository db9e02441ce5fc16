import { useBoundField } from '../useBoundField.ts';
import { FilesInput } from './FilesInput.tsx';
import type { KindProps } from './kindProps.ts';

/** Several images of a BINARY field, shown as thumbnails. */
export function ImageListField({ component }: KindProps<'imageList'>) {
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  return <FilesInput bound={bound} accept="image/png,image/jpeg,image/webp,image/gif" images />;
}
