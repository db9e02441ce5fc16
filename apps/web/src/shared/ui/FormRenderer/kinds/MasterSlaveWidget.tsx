import { useQuery } from '@tanstack/react-query';
import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList } from './linked/LinkedRowsList.tsx';

function ChildItems({ component, context }: KindProps<'masterSlave'> & { context: LinkedDataContext }) {
  const { links, itemId, titleId } = context;
  const children = useQuery({
    queryKey: ['form-links', itemId, 'children', component.componentId, component.formId ?? 0],
    queryFn: () => links.loadChildren(component.componentId, component.formId),
  });
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
