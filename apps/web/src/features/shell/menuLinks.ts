import { isExternalLink } from './findFirstMenuLink.ts';

/** A menu link as a router path: absolute links stay, relative ones hang off the application's runtime. */
export function resolveMenuLink(link: string, appId: string): string {
  if (isExternalLink(link) || link.startsWith('/')) return link;
  return `/runtime/${appId}/${link}`;
}

export function isActiveLink(link: string, pathname: string): boolean {
  try {
    return decodeURI(link.split('?')[0] ?? '') === decodeURI(pathname);
  } catch {
    return link === pathname;
  }
}
