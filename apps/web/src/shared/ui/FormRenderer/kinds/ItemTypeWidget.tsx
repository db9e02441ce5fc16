import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';

/** The itemType component of spec §3: the item's linked data, loaded for the saved item. */
export function ItemTypeWidget({ component }: KindProps<'itemType'>) {
  return <RelatedDataSection component={component} />;
}
