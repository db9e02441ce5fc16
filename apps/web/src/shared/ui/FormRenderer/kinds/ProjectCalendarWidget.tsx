import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';

/** The projectCalendar component of spec §3: the item's linked data, loaded for the saved item. */
export function ProjectCalendarWidget({ component }: KindProps<'projectCalendar'>) {
  return <RelatedDataSection component={component} />;
}
