import type { MenuItem } from '@der/contracts';

/** True for a link that leaves the product (spec §2.9: external http(s) links open in a new tab). */
export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/**
 * The first menu link, searching depth-first (an item before its children, children before the next
 * sibling). Section titles and external links are skipped: the shell cannot route to another site.
 */
export function findFirstMenuLink(items: readonly MenuItem[]): string | null {
  for (const item of items) {
    if (!item.title && item.link && !isExternalLink(item.link)) return item.link;
    const inChildren = findFirstMenuLink(item.child);
    if (inChildren) return inChildren;
  }
  return null;
}
