/** The fields a tree needs of a unit (admin rows and chooser options alike). */
export interface TreeNode {
  id: number;
  name: string;
  parentId: number | null;
}

/**
 * The units in tree order (each parent followed by its children, siblings by name) with their depth. A unit
 * whose parent is not in the list is shown as a root, so a partial list still shows every unit once.
 */
export function treeOrder<Node extends TreeNode>(
  nodes: readonly Node[],
): Array<{ node: Node; depth: number }> {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, Node[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const ordered: Array<{ node: Node; depth: number }> = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    for (const node of level) {
      // A cycle cannot be stored (the server refuses it); the guard keeps a bad answer from looping.
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      ordered.push({ node, depth });
      visit(node.id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}

/** The unit and every unit below it: none of them may become its parent. */
export function selfAndDescendants(nodes: readonly TreeNode[], id: number): Set<number> {
  const found = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (node.parentId !== null && found.has(node.parentId) && !found.has(node.id)) {
        found.add(node.id);
        grew = true;
      }
    }
  }
  return found;
}
