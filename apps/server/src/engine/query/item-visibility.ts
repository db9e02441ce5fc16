import { type SQL, sql } from 'drizzle-orm';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { folderAccessCondition } from '../repositories/folder-access.ts';

/** Who is asking: enough of the session to decide what they may see. */
export interface ItemViewer {
  userId: number;
  isAdministrator: boolean;
}

/**
 * The projects the viewer is a member of: a user row for them or a row for one of their groups. Uncorrelated
 * on purpose: PostgreSQL runs it once per query (a "hashed SubPlan", served by the user_id / group_id indexes
 * of runtime_project_permissions and group_members) and each item row is then one hash probe, so a sorted
 * list can still walk its index and stop at the page's LIMIT. A correlated EXISTS per row would cost an index
 * probe per scanned item instead.
 */
function memberProjectIds(viewer: ItemViewer, writableOnly: boolean): SQL {
  const grantee = sql`(${runtimeProjectPermissions.userId} = ${viewer.userId} or ${runtimeProjectPermissions.groupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${viewer.userId}))`;
  const writable = writableOnly ? sql` and not ${runtimeProjectPermissions.readOnly}` : sql``;
  return sql`(select ${runtimeProjectPermissions.projectId} from ${runtimeProjectPermissions} where ${grantee}${writable})`;
}

function accessCondition(viewer: ItemViewer, writableOnly: boolean): SQL {
  // Administrators see and edit every item: no predicate at all keeps their plans as simple as possible.
  if (viewer.isAdministrator) return sql`true`;
  const projects = memberProjectIds(viewer, writableOnly);
  // A project item is governed by its own permission rows (its project_id is null); every other item by its
  // project's. Creator and responsible always keep access (portal applicants follow their own requests).
  // Repository folders and files also pass the folder-access restriction (engine/repositories/folder-access.ts).
  return sql`((${runtimeItems.creatorId} = ${viewer.userId} or ${runtimeItems.responsibleId} = ${viewer.userId} or ${runtimeItems.projectId} in ${projects} or (${runtimeItems.projectId} is null and ${runtimeItems.id} in ${projects})) and ${folderAccessCondition(viewer, writableOnly)})`;
}

/**
 * The decided visibility rule (issue 6) as a predicate over runtime_items: administrators; members of the
 * item's project (user or group rows of runtime_project_permissions; for a project item its own rows); the
 * item's creator or responsible. Every list, count, search and export ANDs it in, so an invisible item is
 * never returned, counted or exported.
 */
export function visibleItemCondition(viewer: ItemViewer): SQL {
  return accessCondition(viewer, false);
}

/**
 * Who may change an item (spec §6): administrators, the creator or responsible, or a member through a
 * permission row that is not read-only.
 */
export function writableItemCondition(viewer: ItemViewer): SQL {
  return accessCondition(viewer, true);
}

/**
 * Who may hang a new item on a parent, or move one under it: whoever sees the parent — and, where folder access
 * restricts them, only under a repository folder (or a file's folder) they hold a write grant for. Without the
 * second part a read-only grant would let a restricted member create files in that folder through the generic
 * insert form (issue 17).
 */
export function parentItemCondition(viewer: ItemViewer): SQL {
  if (viewer.isAdministrator) return sql`true`;
  return sql`(${accessCondition(viewer, false)} and ${folderAccessCondition(viewer, true)})`;
}
