import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';

/** The notifications component of spec §3: the item's linked data, loaded for the saved item. */
export function NotificationsWidget({ component }: KindProps<'notifications'>) {
  return <RelatedDataSection component={component} />;
}
