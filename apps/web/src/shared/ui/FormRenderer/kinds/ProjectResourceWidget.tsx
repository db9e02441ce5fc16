import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';

/** The projectResource component of spec §3: the item's linked data, loaded for the saved item. */
export function ProjectResourceWidget({ component }: KindProps<'projectResource'>) {
  return <RelatedDataSection component={component} />;
}
