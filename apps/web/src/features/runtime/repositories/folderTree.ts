import type { RepositoryFolder } from '@der/contracts';

/** A folder with its subfolders, as the tree draws it. */
export interface FolderNode {
  folder: RepositoryFolder;
  depth: number;
  children: FolderNode[];
}

/** The folders as a forest (the server sends them flat, by title; an unseen parent makes a root). */
export function buildFolderTree(folders: readonly RepositoryFolder[]): FolderNode[] {
  const nodes = new Map(
    folders.map((folder) => [folder.id, { folder, depth: 0, children: [] } as FolderNode]),
  );
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.folder.parentId === null ? undefined : nodes.get(node.folder.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (list: FolderNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

/** The nodes shown, in order: a node's children only when it is expanded. */
export function visibleNodes(roots: readonly FolderNode[], expanded: ReadonlySet<number>): FolderNode[] {
  return roots.flatMap((node) => [
    node,
    ...(expanded.has(node.folder.id) ? visibleNodes(node.children, expanded) : []),
  ]);
}

/** 'Projeto executivo / Pranchas': a folder's path through the folders the user sees. */
export function folderPath(folders: readonly RepositoryFolder[], id: number): string {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const names: string[] = [];
  for (
    let current = byId.get(id);
    current;
    current = current.parentId === null ? undefined : byId.get(current.parentId)
  )
    names.unshift(current.title);
  return names.join(' / ');
}

/** The folder and every folder below it (a folder cannot move into these). */
export function selfAndDescendants(folders: readonly RepositoryFolder[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders)
      if (folder.parentId !== null && found.has(folder.parentId) && !found.has(folder.id)) {
        found.add(folder.id);
        grew = true;
      }
  }
  return found;
}
