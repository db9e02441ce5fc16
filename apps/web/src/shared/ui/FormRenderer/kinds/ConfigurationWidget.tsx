import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';

/** The configuration component of spec §3: the item's linked data, loaded for the saved item. */
export function ConfigurationWidget({ component }: KindProps<'configuration'>) {
  return <RelatedDataSection component={component} />;
}
