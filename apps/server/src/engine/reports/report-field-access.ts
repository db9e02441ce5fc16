import { assertNever, type ComponentDefinition, type FieldAccessRole } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { isExternalActor } from '../items/field-access-grants.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { belongsToGroupNamed } from '../workflow/group-membership.ts';

const projectManagerId = sql`(select project_item.responsible_id from runtime_items project_item where project_item.id = ${runtimeItems.projectId})`;

/** Whether the actor holds `role` on a row, as SQL over runtime_items (the roles of field-access-grants.ts). */
function roleCondition(actor: ItemActor, role: FieldAccessRole): SQL {
  switch (role) {
    case 'external':
      return isExternalActor(actor) ? sql`true` : sql`false`;
    case 'staff':
      return isExternalActor(actor) ? sql`false` : sql`true`;
    case 'administrator':
      return actor.isAdministrator ? sql`true` : sql`false`;
    case 'creator':
      return sql`${runtimeItems.creatorId} = ${actor.userId}`;
    case 'responsible':
      return sql`${runtimeItems.responsibleId} = ${actor.userId}`;
    case 'projectManager':
      return sql`${projectManagerId} = ${actor.userId}`;
    case 'projectMember':
      return sql`${runtimeItems.projectId} in (select ${runtimeProjectPermissions.projectId} from ${runtimeProjectPermissions} where ${runtimeProjectPermissions.userId} = ${actor.userId} or ${runtimeProjectPermissions.groupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${actor.userId}))`;
    default:
      return assertNever(role);
  }
}

/**
 * The rows on which `fieldKey` is hidden from the actor (the `hidden` grants of the component's field
 * permissions, per status), as SQL; null when it is never hidden from them. A report reads such a value as
 * empty: it is neither grouped under its value nor summed, so numbers never reveal what the list would hide.
 */
export async function hiddenFieldCondition(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  fieldKey: string,
): Promise<SQL | null> {
  if (actor.isAdministrator) return null;
  const conditions: SQL[] = [];
  for (const entry of component.fieldAccess?.statuses ?? []) {
    for (const grant of entry.hidden) {
      if (!grant.fields.includes(fieldKey)) continue;
      const holds = (await belongsToGroupNamed(db, actor.userId, grant.groups))
        ? sql`true`
        : sql.join([sql`false`, ...grant.roles.map((role) => roleCondition(actor, role))], sql` or `);
      conditions.push(sql`(${runtimeItems.status} = ${entry.status} and (${holds}))`);
    }
  }
  return conditions.length === 0 ? null : sql`(${sql.join(conditions, sql` or `)})`;
}

/** The expression, or NULL on the rows where its field is hidden from the actor. */
export function maskedExpression(expression: SQL, hidden: SQL | null): SQL {
  return hidden === null ? expression : sql`(case when ${hidden} then null else ${expression} end)`;
}
