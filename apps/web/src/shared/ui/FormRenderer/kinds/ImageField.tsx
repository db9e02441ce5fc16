import { useBoundField } from '../useBoundField.ts';
import { FilesInput } from './FilesInput.tsx';
import type { KindProps } from './kindProps.ts';

/** One image of a BINARY field, shown as a thumbnail (the kinds the server stores: PNG, JPEG, WebP, GIF). */
export function ImageField({ component }: KindProps<'image'>) {
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  return <FilesInput bound={bound} accept="image/png,image/jpeg,image/webp,image/gif" maxFiles={1} images />;
}
