import type { Application, ApplicationMenu, MenuItem } from '@der/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { userGroups } from '../groups/groups.table.ts';
import type { ApplicationsRepo, Grantee } from './applications.repo.ts';
import type { ApplicationMenuItemRow, ApplicationRow } from './applications.table.ts';

/** A count shown as a menu badge, computed for the user building the menu (e.g. unread messages). */
export type BadgeSource = (userId: number) => Promise<number>;

/** Who is asking, from the session. */
export interface ApplicationViewer {
  userId: number;
  isAdministrator: boolean;
}

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    name: row.name,
    iconName: row.iconName,
    isFontAwesomeIcon: row.isFontAwesomeIcon,
    imageContent: row.imageContent,
    displayOnToolbar: row.displayOnToolbar,
    urlBehavior: row.urlBehavior,
    urlLink: row.urlLink,
    appVersion: row.appVersion,
    collapsedMenu: row.collapsedMenu,
    htmlScripts: row.htmlScripts,
  };
}

/**
 * Rebuilds the menu tree from its rows (already in sibling order). An entry whose parent key does not exist
 * is shown at the top level rather than lost; a parent cycle cannot hang it (each row is placed once).
 */
export function buildMenuTree(
  rows: readonly ApplicationMenuItemRow[],
  badges: ReadonlyMap<string, number>,
): MenuItem[] {
  const byKey = new Map<string, MenuItem>();
  for (const row of rows) {
    byKey.set(row.key, {
      key: row.key,
      keyParent: row.parentKey,
      name: row.name,
      link: row.link,
      icon: row.icon,
      isFontAwesome: row.isFontAwesome,
      imageContent: row.imageContent,
      badge: row.badgeSource ? (badges.get(row.badgeSource) ?? null) : null,
      title: row.title,
      child: [],
      multilevel: row.multilevel,
    });
  }
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const item = byKey.get(row.key)!;
    const parent = row.parentKey !== null && row.parentKey !== row.key ? byKey.get(row.parentKey) : undefined;
    if (parent && !isAncestor(item, parent, byKey)) parent.child.push(item);
    else {
      item.keyParent = null;
      roots.push(item);
    }
  }
  return roots;
}

/**
 * The rows a viewer sees: an entry restricted to groups (MenuItemDefinition.groups) only for members of one
 * of them (names compare case-insensitively, as group grants do), and never an entry below a hidden one —
 * buildMenuTree would otherwise lift it to the top level. `groupNames` null: an administrator, who sees all.
 */
export function visibleMenuRows(
  rows: readonly ApplicationMenuItemRow[],
  groupNames: ReadonlySet<string> | null,
): ApplicationMenuItemRow[] {
  if (groupNames === null) return [...rows];
  const hidden = new Set(
    rows
      .filter(
        (row) => row.groups.length > 0 && !row.groups.some((name) => groupNames.has(name.toLowerCase())),
      )
      .map((row) => row.key),
  );
  const parentOf = new Map(rows.map((row) => [row.key, row.parentKey]));
  const isHidden = (key: string): boolean => {
    const seen = new Set<string>();
    for (let current: string | null | undefined = key; current && !seen.has(current); ) {
      if (hidden.has(current)) return true;
      seen.add(current);
      current = parentOf.get(current);
    }
    return false;
  };
  return rows.filter((row) => !isHidden(row.key));
}

/** Whether `candidate` is `item` or one of its ancestors by keyParent (a cycle in the stored rows). */
function isAncestor(item: MenuItem, candidate: MenuItem, byKey: ReadonlyMap<string, MenuItem>): boolean {
  const seen = new Set<string>();
  let current: MenuItem | undefined = candidate;
  while (current && !seen.has(current.key)) {
    if (current.key === item.key) return true;
    seen.add(current.key);
    current = current.keyParent ? byKey.get(current.keyParent) : undefined;
  }
  return false;
}

export function createApplicationsService(deps: {
  db: Db;
  repo: ApplicationsRepo;
  groups: GroupsService;
  /** Known badge sources by name; a menu item naming another one gets no badge. */
  badgeSources: Readonly<Record<string, BadgeSource>>;
}) {
  async function granteeOf(viewer: ApplicationViewer): Promise<Grantee> {
    const groupIds = viewer.isAdministrator
      ? []
      : await deps.groups.listGroupIdsOfUser(deps.db, viewer.userId);
    return { userId: viewer.userId, groupIds, isAdministrator: viewer.isAdministrator };
  }

  /** Lower-cased names of the groups, for menu entries restricted to groups. */
  async function groupNamesOf(groupIds: readonly number[]): Promise<Set<string>> {
    if (groupIds.length === 0) return new Set();
    const rows = await deps.db
      .select({ name: userGroups.name })
      .from(userGroups)
      .where(inArray(userGroups.id, [...groupIds]));
    return new Set(rows.map((row) => row.name.toLowerCase()));
  }

  return {
    async listAllowedApplications(viewer: ApplicationViewer): Promise<Application[]> {
      const rows = await deps.repo.listAllowed(await granteeOf(viewer));
      return rows.map(toApplication);
    },

    /**
     * The menu pair. An unknown application and one not granted answer the same 403, so that the answer does
     * not tell a user which application ids exist.
     */
    async getApplicationMenu(viewer: ApplicationViewer, applicationId: number): Promise<ApplicationMenu> {
      const grantee = await granteeOf(viewer);
      const application = await deps.repo.findAllowed(applicationId, grantee);
      if (!application) throw new AppError('FORBIDDEN');
      const rows = visibleMenuRows(
        await deps.repo.listMenuItems(application.id),
        grantee.isAdministrator ? null : await groupNamesOf(grantee.groupIds),
      );
      const sources = [...new Set(rows.flatMap((row) => (row.badgeSource ? [row.badgeSource] : [])))];
      const badges = new Map<string, number>();
      await Promise.all(
        sources.map(async (name) => {
          const source = Object.hasOwn(deps.badgeSources, name) ? deps.badgeSources[name] : undefined;
          if (source) badges.set(name, await source(viewer.userId));
        }),
      );
      return [buildMenuTree(rows, badges), toApplication(application)];
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
