import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList } from './linked/LinkedRowsList.tsx';
import { useChildItems } from './useChildItems.ts';

function ChildItems({ component, context }: KindProps<'masterSlave'> & { context: LinkedDataContext }) {
  const { links, itemId, titleId } = context;
  const children = useChildItems(links, itemId, component.componentId, component.formId);
  return (
    <LinkedQueryState query={children}>
      {(rows) => <LinkedRowsList entries={rows.map((row) => ({ row }))} labelledBy={titleId} />}
    </LinkedQueryState>
  );
}

/** The masterSlave component of spec §3: the item's child items of a component, each opening its form. */
export function MasterSlaveWidget({ component }: KindProps<'masterSlave'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <ChildItems component={component} context={context} />}
    </LinkedDataSection>
  );
}
