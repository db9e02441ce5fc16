import {
  type ComponentDefinition,
  evaluateRuleExpression,
  type ItemRole,
  type WorkflowAction,
} from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { projectAccess } from '../projects/item-access.ts';
import { belongsToGroupNamed } from './group-membership.ts';

/** A workflow action asked of one item (spec §3 "Items have statuses and actions"). */
export interface TransitionRequest {
  /** The action's key in the component's workflow. */
  action: string;
  reason?: string | null;
}

/** What the action does to the item: its new status and reason, and the values the status's onEnter sets. */
export interface Transition {
  from: string | null;
  to: string;
  reason: string | null;
  /** setField effects of the entered status, evaluated over the item's values (field key → value). */
  setFields: Record<string, unknown>;
}

/** An action refused for this item: 400 naming `action` (or `reason`), in the actor's language. */
function refused(field: string, message: { 'pt-BR': string; en: string }, actor: ItemActor): AppError {
  return new AppError('VALIDATION_FAILED', [{ field, message: message[actor.language] }]);
}

const MESSAGES = {
  unknown: { 'pt-BR': 'Ação de fluxo desconhecida', en: 'Unknown workflow action' },
  notAvailable: {
    'pt-BR': 'Esta ação não se aplica ao status atual do item',
    en: 'This action does not apply to the item’s current status',
  },
  notAllowed: {
    'pt-BR': 'Você não tem permissão para executar esta ação',
    en: 'You are not allowed to run this action',
  },
  reasonRequired: { 'pt-BR': 'Informe o motivo desta ação', en: 'Give the reason for this action' },
  responsibleRequired: {
    'pt-BR': 'Defina um responsável antes desta ação',
    en: 'Set a responsible person before this action',
  },
};

async function holdsRole(tx: Db, actor: ItemActor, item: RuntimeItemRow, role: ItemRole): Promise<boolean> {
  switch (role) {
    case 'administrator':
      return actor.isAdministrator;
    case 'creator':
      return item.creatorId === actor.userId;
    case 'responsible':
      return item.responsibleId === actor.userId;
    case 'projectManager': {
      if (item.projectId === null) return false;
      const [project] = await tx
        .select({ managerId: runtimeItems.responsibleId })
        .from(runtimeItems)
        .where(eq(runtimeItems.id, item.projectId));
      return project?.managerId === actor.userId;
    }
    case 'projectMember':
      return item.projectId !== null && (await projectAccess(tx, actor, item.projectId)) !== 'none';
  }
}

/** Administrators always; otherwise anyone who may edit the item when the action names nobody, else a named one. */
async function mayRunAction(
  tx: Db,
  actor: ItemActor,
  item: RuntimeItemRow,
  action: WorkflowAction,
): Promise<boolean> {
  if (actor.isAdministrator) return true;
  if (action.allowedGroups.length === 0 && action.allowedRoles.length === 0) return true;
  for (const role of action.allowedRoles) if (await holdsRole(tx, actor, item, role)) return true;
  return belongsToGroupNamed(tx, actor.userId, action.allowedGroups);
}

/**
 * Checks a workflow action for an item the caller has locked and may edit (spec §6 is the caller's check): the
 * action exists, leaves the item's current status, the actor may run it, a required reason or responsible is
 * there and the action's validation holds over the item's values. Answers where the item goes; the caller writes
 * it with its version row. Of the entered status's onEnter effects, setField ones are evaluated here; notify and
 * generateDocument belong to the workflow issue's effect runner and are not run yet.
 */
export async function checkTransition(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  request: TransitionRequest,
  now: Date,
): Promise<Transition> {
  const action = component.workflow?.actions.find((candidate) => candidate.key === request.action);
  if (!action) throw refused('action', MESSAGES.unknown, actor);
  if (item.status === null || !action.from.includes(item.status))
    throw refused('action', MESSAGES.notAvailable, actor);
  if (!(await mayRunAction(tx, actor, item, action))) throw refused('action', MESSAGES.notAllowed, actor);
  const reason = request.reason?.trim() || null;
  if (action.reasonRequired && reason === null) throw refused('reason', MESSAGES.reasonRequired, actor);
  if (action.responsibleRequired && item.responsibleId === null)
    throw refused('ResponsibleName', MESSAGES.responsibleRequired, actor);
  const values = valuesOfItem(item);
  if (action.validation && !(await evaluateRuleExpression(action.validation.expression, values, { now })))
    throw refused('action', action.validation.message, actor);

  const entered = component.workflow?.statuses.find((status) => status.key === action.to);
  const setFields: Record<string, unknown> = {};
  for (const effect of entered?.onEnter ?? []) {
    if (effect.kind !== 'setField') continue;
    setFields[effect.field] = (await evaluateRuleExpression(effect.expression, values, { now })) ?? null;
  }
  return { from: item.status, to: action.to, reason: reason ?? item.reason, setFields };
}
