import { type SQL, sql } from 'drizzle-orm';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';

/**
 * The folder-access restriction of the project permissions (spec §6), as SQL over runtime_items for the
 * visibility rule (engine/query/item-visibility.ts), so every list, search, read, download and write of a
 * repository's folders and files — through the repository calls or the generic item calls — applies it alike.
 *
 * Decided rule (issue 17): a member is restricted in a project when every entry that makes them a member (their
 * user row, their groups' rows) has `restrictFolderAccess`; one unrestricted entry lifts it (entries add up).
 * A restricted member sees a folder item only when it or an ancestor folder is granted to them or one of their
 * groups (runtime_repository_folder_grants), and a file item only when its folder is; writing needs a grant with
 * `canWrite`. Items of other components and of projects where they are not restricted are untouched.
 *
 * The projects where the viewer is restricted are an uncorrelated subquery (PostgreSQL runs it once per query,
 * as a hashed SubPlan), empty for nearly everyone; only items of those projects reach the per-item function.
 */

/** The groups of a user (uncorrelated). */
function groupsOf(userId: number): SQL {
  return sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${userId})`;
}

/** The projects where every one of the viewer's entries restricts folder access. */
function restrictedProjectIds(userId: number): SQL {
  const p = runtimeProjectPermissions;
  return sql`(select ${p.projectId} from ${p} where ${p.userId} = ${userId} or ${p.groupId} in ${groupsOf(userId)} group by ${p.projectId} having bool_and(${p.restrictFolderAccess}))`;
}

/**
 * True for the items the restriction leaves the viewer (see above). For a file the folder is its parent; a
 * file without a folder is reached by no grant.
 */
export function folderAccessCondition(viewer: { userId: number }, writableOnly: boolean): SQL {
  // The per-item part is the SQL function runtime_folder_access_denied (migration 0029): planned once per
  // session rather than in every statement, and only reached for items of projects where the viewer is
  // restricted (the uncorrelated list of those projects is empty for nearly everyone).
  return sql`not (${runtimeItems.projectId} is not null and ${runtimeItems.projectId} in ${restrictedProjectIds(viewer.userId)} and runtime_folder_access_denied(${viewer.userId}::integer, ${runtimeItems.componentId}, ${runtimeItems.id}, ${runtimeItems.parentId}, ${writableOnly}::boolean))`;
}
