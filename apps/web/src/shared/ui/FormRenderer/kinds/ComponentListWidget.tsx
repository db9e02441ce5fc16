import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList } from './linked/LinkedRowsList.tsx';
import { useComponentListChildren } from './useComponentListChildren.ts';

function ComponentsChildItems({
  component,
  context,
}: KindProps<'componentList'> & { context: LinkedDataContext }) {
  const { links, itemId, titleId } = context;
  const children = useComponentListChildren(links, itemId, component.componentIds);
  return (
    <LinkedQueryState query={children}>
      {(entries) => <LinkedRowsList entries={entries} labelledBy={titleId} />}
    </LinkedQueryState>
  );
}

/** The componentList component of spec §3: the item's child items of several components, in that order. */
export function ComponentListWidget({ component }: KindProps<'componentList'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <ComponentsChildItems component={component} context={context} />}
    </LinkedDataSection>
  );
}
