import type { ComponentDefinition, ItemRole, WorkflowAction } from '@der/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { projectAccess } from '../projects/item-access.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { listDelegatorIds } from './delegations.ts';
import { belongsToGroupNamed } from './group-membership.ts';
import { principalsOfFieldValue } from './user-field-values.ts';

/**
 * Whose rights the actor acts with: their own first, then those of each user who delegated their work to
 * them today — looked up only when the actor's own rights do not suffice (most actions need no query for
 * it). A delegator's administrator flag is not handed over: delegation passes on work (roles, groups, named
 * users), not the powers of the administration.
 */
export interface Principals {
  actor: ItemViewer;
  delegators(): Promise<readonly ItemViewer[]>;
}

export function principalsOf(db: Db, actor: ItemActor, now: Date): Principals {
  let delegators: Promise<ItemViewer[]> | null = null;
  return {
    actor: { userId: actor.userId, isAdministrator: actor.isAdministrator },
    delegators() {
      delegators ??= listDelegatorIds(db, actor.userId, now).then(async (ids) =>
        ids.length === 0
          ? []
          : (
              await db
                .select({ userId: users.id })
                .from(users)
                .where(and(inArray(users.id, ids), eq(users.disabled, false)))
            ).map((row) => ({ userId: row.userId, isAdministrator: false })),
      );
      return delegators;
    },
  };
}

/** The first principal (the actor, else a delegator) for whom `test` holds, or null. */
async function firstPrincipal(
  principals: Principals,
  test: (who: ItemViewer) => Promise<boolean>,
): Promise<ItemViewer | null> {
  if (await test(principals.actor)) return principals.actor;
  for (const who of await principals.delegators()) if (await test(who)) return who;
  return null;
}

async function holdsRole(db: Db, who: ItemViewer, item: RuntimeItemRow, role: ItemRole): Promise<boolean> {
  switch (role) {
    case 'administrator':
      return who.isAdministrator;
    case 'creator':
      return item.creatorId === who.userId;
    case 'responsible':
      return item.responsibleId === who.userId;
    case 'projectManager': {
      if (item.projectId === null) return false;
      const [project] = await db
        .select({ managerId: runtimeItems.responsibleId })
        .from(runtimeItems)
        .where(eq(runtimeItems.id, item.projectId));
      return project?.managerId === who.userId;
    }
    case 'projectMember':
      return item.projectId !== null && (await projectAccess(db, who, item.projectId)) !== 'none';
  }
}

/** Whether `who` is among the users a field of `allowedUserFields` holds (over `values`, the item's own or unsaved). */
function namedByField(action: WorkflowAction, values: Record<string, unknown>, who: ItemViewer): boolean {
  return action.allowedUserFields.some((key) =>
    principalsOfFieldValue(values[key]).userIds.includes(who.userId),
  );
}

/**
 * Whether one principal may run the action on the item: administrators always; otherwise anyone (who may
 * edit the item, the caller's check) when the action names nobody, else a holder of a named role, a member of
 * a named group or a user a named field holds.
 */
async function principalMayRun(
  db: Db,
  who: ItemViewer,
  item: RuntimeItemRow,
  values: Record<string, unknown>,
  action: WorkflowAction,
): Promise<boolean> {
  if (who.isAdministrator) return true;
  const namesNobody =
    action.allowedGroups.length === 0 &&
    action.allowedRoles.length === 0 &&
    action.allowedUserFields.length === 0;
  if (namesNobody) return true;
  if (namedByField(action, values, who)) return true;
  for (const role of action.allowedRoles) if (await holdsRole(db, who, item, role)) return true;
  return belongsToGroupNamed(db, who.userId, action.allowedGroups);
}

/** The first principal (the actor, else a delegator) who may run the action, or null when none may. */
export function principalForAction(
  db: Db,
  principals: Principals,
  item: RuntimeItemRow,
  values: Record<string, unknown>,
  action: WorkflowAction,
): Promise<ItemViewer | null> {
  return firstPrincipal(principals, (who) => principalMayRun(db, who, item, values, action));
}

/**
 * Whose approval the actor gives: the first principal (the actor, else one who delegated to them today) who
 * belongs to the group the action's approvals need (administrators may approve); null when none does.
 */
export function approverFor(db: Db, principals: Principals, group: string): Promise<ItemViewer | null> {
  return firstPrincipal(
    principals,
    async (who) => who.isAdministrator || (await belongsToGroupNamed(db, who.userId, [group])),
  );
}

/** The actions of the item's current status (the definition's order). */
export function actionsFromStatus(component: ComponentDefinition, status: string | null): WorkflowAction[] {
  if (status === null) return [];
  return component.workflow?.actions.filter((action) => action.from.includes(status)) ?? [];
}
