import { useBoundField } from '../useBoundField.ts';
import { FilesInput } from './FilesInput.tsx';
import type { KindProps } from './kindProps.ts';

/** One image of a BINARY field. */
export function ImageField({ component }: KindProps<'image'>) {
  const bound = useBoundField(component);
  if (bound.hidden) return null;
  return <FilesInput bound={bound} accept="image/*" maxFiles={1} />;
}
