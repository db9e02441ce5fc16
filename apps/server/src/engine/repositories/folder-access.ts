import { type SQL, sql } from 'drizzle-orm';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { applicationDefinitions } from '../definitions/definitions.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { runtimeRepositoryFolderGrants } from './folder-grants.table.ts';

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
 * Every part is an uncorrelated subquery (PostgreSQL runs each once per query, as a hashed SubPlan) and the
 * first one — the projects where the viewer is restricted — is empty for nearly everyone, so the other two are
 * never run for them.
 */

/** The groups of a user (uncorrelated). */
function groupsOf(userId: number): SQL {
  return sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${userId})`;
}

/** The component ids of the declared repositories' folders (or folders and files), from the definitions. */
function repositoryComponentIds(which: 'folders' | 'all'): SQL {
  // The property names are constants of this file, written into the SQL as literals.
  const property = (name: 'folderComponentId' | 'fileComponentId') =>
    sql`(select (r.value->>'${sql.raw(name)}')::int from ${applicationDefinitions} cross join lateral jsonb_array_elements(coalesce(${applicationDefinitions.document}->'repositories', '[]'::jsonb)) as r(value) where r.value->>'${sql.raw(name)}' is not null)`;
  return which === 'folders'
    ? property('folderComponentId')
    : sql`(${property('folderComponentId')} union all ${property('fileComponentId')})`;
}

/** The projects where every one of the viewer's entries restricts folder access. */
function restrictedProjectIds(userId: number): SQL {
  const p = runtimeProjectPermissions;
  return sql`(select ${p.projectId} from ${p} where ${p.userId} = ${userId} or ${p.groupId} in ${groupsOf(userId)} group by ${p.projectId} having bool_and(${p.restrictFolderAccess}))`;
}

/**
 * The folders granted to the viewer and all their subfolders. The recursive part names runtime_items under an
 * alias: the outer query's runtime_items columns would otherwise be shadowed.
 */
function grantedFolderIds(userId: number, writableOnly: boolean): SQL {
  const g = runtimeRepositoryFolderGrants;
  const writable = writableOnly ? sql` and ${g.canWrite}` : sql``;
  return sql`(with recursive reach(id) as (select ${g.folderId} from ${g} where (${g.userId} = ${userId} or ${g.groupId} in ${groupsOf(userId)})${writable} union select sub.id from runtime_items as sub join reach on sub.parent_id = reach.id where sub.component_id in ${repositoryComponentIds('folders')}) select id from reach)`;
}

/**
 * True for the items the restriction leaves the viewer (see above). For a file the folder is its parent; a
 * file without a folder is reached by no grant.
 */
export function folderAccessCondition(viewer: { userId: number }, writableOnly: boolean): SQL {
  const folderOfItem = sql`coalesce(case when ${runtimeItems.componentId} in ${repositoryComponentIds('folders')} then ${runtimeItems.id} else ${runtimeItems.parentId} end, 0)`;
  return sql`not (${runtimeItems.projectId} is not null and ${runtimeItems.projectId} in ${restrictedProjectIds(viewer.userId)} and ${runtimeItems.componentId} in ${repositoryComponentIds('all')} and ${folderOfItem} not in ${grantedFolderIds(viewer.userId, writableOnly)})`;
}
