import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';

/** The predecessorActivities component of spec §3: the item's linked data, loaded for the saved item. */
export function PredecessorActivitiesWidget({ component }: KindProps<'predecessorActivities'>) {
  return <RelatedDataSection component={component} />;
}
