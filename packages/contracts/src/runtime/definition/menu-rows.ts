import { type LocalizedText, localize } from './localized-text.ts';
import type { MenuItemDefinition } from './menu.ts';
import { menuLinkPath } from './menu-link.ts';

/** A menu entry flattened for storage (the application_menu_items row without its ids). */
export interface MenuRow {
  key: string;
  parentKey: string | null;
  /** Depth-first order over the whole tree, so siblings keep their order. */
  position: number;
  name: string;
  /** `/runtime/{appID}/...`, an absolute URL (public paths prefixed with publicUrl), or '' for titles. */
  link: string;
  icon: string;
  isFontAwesome: boolean;
  imageContent: string;
  title: boolean;
  multilevel: boolean;
  badgeSource: string | null;
  /** The groups whose members see the entry and its children (MenuItemDefinition.groups); [] for everyone. */
  groups: string[];
}

export interface MenuRowOptions {
  /** The portal's public URL without a trailing slash (public paths are prefixed with it). */
  publicUrl: string;
  /** The language of the stored names (the shell shows one name per entry). */
  language?: string;
}

/** The menu tree of a definition as rows, depth-first, with the links of application `appId`. */
export function menuRowsOf(menu: MenuItemDefinition[], appId: number, options: MenuRowOptions): MenuRow[] {
  const rows: MenuRow[] = [];
  const name = (text: LocalizedText) => localize(text, options.language ?? 'pt-BR');
  const visit = (items: MenuItemDefinition[], parentKey: string | null) => {
    for (const item of items) {
      const target = item.target;
      let link = '';
      if (target?.kind === 'publicPath') link = `${options.publicUrl}${target.path}`;
      else if (target) link = menuLinkPath(appId, target);
      rows.push({
        key: item.key,
        parentKey,
        position: rows.length,
        name: name(item.name),
        link,
        icon: item.icon,
        isFontAwesome: item.isFontAwesome,
        imageContent: item.imageContent,
        title: item.title,
        multilevel: item.multilevel,
        badgeSource: item.badgeSource ?? null,
        groups: item.groups,
      });
      visit(item.children, item.key);
    }
  };
  visit(menu, null);
  return rows;
}
