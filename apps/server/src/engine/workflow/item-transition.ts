import {
  type ActionApprovals,
  type ComponentDefinition,
  evaluateRuleExpression,
  type Language,
  type ReferenceTableSource,
  RuleExpressionError,
  type WorkflowAction,
  type WorkflowEffect,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { approverFor, type Principals, principalForAction, principalsOf } from './action-access.ts';
import { closeApprovals, countOpenApprovals, recordApproval } from './approvals.ts';
import {
  isResponsibleCandidate,
  type ResponsibleAssignment,
  resolveResponsibleTarget,
} from './responsibles.ts';
import { signatureDocumentName, signedTheStepDocument } from './signature-steps.ts';
import { refusalError, refusalOf, type WorkflowRefusalData, workflowRefusal } from './workflow-refusals.ts';

/** A workflow action asked of one item (spec §3 "Items have statuses and actions"). */
export interface TransitionRequest {
  /** The action's key in the component's workflow. */
  action: string;
  reason?: string | null;
  /** The next responsible chosen in the action's dialog (one of loadResponsibles). */
  responsibleId?: number | null;
  /**
   * The form's unsaved values (field key → value), saved in the same write: the action's condition and its
   * setField expressions read them over the stored ones.
   */
  values?: Record<string, unknown>;
}

/**
 * What the action does to the item. When it waits for more approvals (`pendingApprovals.given <
 * pendingApprovals.required`) it does not move: `to` is the current status and nothing else changes.
 */
export interface Transition {
  action: string;
  from: string | null;
  to: string;
  reason: string | null;
  /** setField effects of the entered status and of the action, evaluated over the item's values. */
  setFields: Record<string, unknown>;
  /** The new responsible user; absent when the action leaves it as it is. */
  responsibleId?: number | null;
  /** The new group queue; absent when the action leaves it as it is. */
  responsibleGroupId?: number | null;
  /** The action's approvals after this run, when it needs approvals. */
  pendingApprovals?: ActionApprovals | null;
}

/** Whether the transition moves the item (false while approvals are missing). */
export function transitionFires(transition: Transition): boolean {
  const pending = transition.pendingApprovals;
  return !pending || pending.given >= pending.required;
}

/** The action of a component's workflow by key, or 400 naming `action`. */
export function actionOrThrow(component: ComponentDefinition, key: string, actor: ItemActor): WorkflowAction {
  if (!component.workflow) throw workflowRefusal('action', 'noWorkflow', actor.language);
  const action = component.workflow.actions.find((candidate) => candidate.key === key);
  if (!action) throw workflowRefusal('action', 'unknown', actor.language);
  return action;
}

/** The entered status's onEnter effects (when the status changes) followed by the action's own. */
export function effectsOf(
  component: ComponentDefinition,
  action: WorkflowAction,
  from: string | null,
): WorkflowEffect[] {
  const entered = component.workflow?.statuses.find((status) => status.key === action.to);
  const onEnter = action.to !== from ? (entered?.onEnter ?? []) : [];
  return [...onEnter, ...action.effects];
}

/**
 * Evaluates an expression of the action's definition (its condition, a setField). One that fails at run time
 * is the definition's fault, not a server error: 400 naming the action, with the evaluator's reason.
 */
export async function evaluateActionExpression(
  expression: string,
  values: Record<string, unknown>,
  now: Date,
  language: Language,
  /** The definition's reference tables, for $table (referenceTablesLoader). */
  tables?: ReferenceTableSource,
): Promise<unknown> {
  try {
    return await evaluateRuleExpression(expression, values, tables ? { now, tables } : { now });
  } catch (error) {
    if (error instanceof RuleExpressionError)
      throw workflowRefusal('action', 'expressionFailed', language, { detail: error.message });
    throw error;
  }
}

/** The item's values as the action's rules read them: stored ones, then the form's unsaved ones. */
export function actionValues(item: RuntimeItemRow, unsaved: Record<string, unknown> | undefined) {
  return { ...valuesOfItem(item), ...unsaved };
}

/**
 * Checks whether the actor may run the action now, without writing: it leaves the item's status, the actor
 * (or one who delegated to them today) may run it and may approve it when it needs approvals, and — with
 * `checkCondition` — its condition holds over `values`. Answers the refusal or null. getActions (which
 * passes the `principals` it loaded once for all actions) and checkTransition share it.
 */
export async function actionRefusal(
  tx: Db,
  actor: ItemActor,
  action: WorkflowAction,
  item: RuntimeItemRow,
  values: Record<string, unknown>,
  now: Date,
  options: { checkCondition: boolean; principals?: Principals },
): Promise<WorkflowRefusalData | null> {
  if (item.status === null || !action.from.includes(item.status)) return refusalOf('action', 'notAvailable');
  const principals = options.principals ?? principalsOf(tx, actor, now);
  if (!(await principalForAction(tx, principals, item, values, action)))
    return refusalOf('action', 'notAllowed');
  if (action.approvals && !(await approverFor(tx, principals, action.approvals.group)))
    return refusalOf('action', 'notApprover', { group: action.approvals.group });
  if (
    options.checkCondition &&
    action.validation &&
    !(await evaluateActionExpression(
      action.validation.expression,
      values,
      now,
      actor.language,
      referenceTablesLoader(tx, item.componentId),
    ))
  )
    return { field: 'action', code: 'condition', text: action.validation.message };
  return null;
}

/**
 * Checks a workflow action for an item the caller has locked and may edit (spec §6 is the caller's check) and
 * answers what it does; the caller writes it with its version row and then runs runTransitionEffects. Refusals
 * are 400 naming `action`, `reason` or `responsibleId`. The entered status's and the action's setField and
 * assignResponsible effects are evaluated here (the one save writes them), in the definition's order; the
 * dialog's responsible wins over them. An action needing approvals records this one (with the reason) and,
 * while the count is not reached, answers a transition that does not move the item. When the action fires,
 * the item's open approvals are closed (`lock.approvalsOpen`: whether it has any, read with its lock).
 */
export async function checkTransition(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  request: TransitionRequest,
  now: Date,
  lock: { approvalsOpen: boolean },
): Promise<Transition> {
  const language = actor.language;
  const action = actionOrThrow(component, request.action, actor);
  const values = actionValues(item, request.values);
  const principals = principalsOf(tx, actor, now);
  const refusal = await actionRefusal(tx, actor, action, item, values, now, {
    checkCondition: true,
    principals,
  });
  if (refusal) throw refusalError(refusal, language);
  if (action.signatureRequired && !(await signedTheStepDocument(tx, actor.userId, component, item, action)))
    throw refusalError(
      refusalOf('action', 'signatureMissing', {
        document: signatureDocumentName(component, action, language),
      }),
      language,
    );
  const reason = request.reason?.trim() || null;
  if (action.reasonRequired && reason === null) throw workflowRefusal('reason', 'reasonRequired', language);

  const setFields: Record<string, unknown> = {};
  let assignment: ResponsibleAssignment | null = null;
  const tables = referenceTablesLoader(tx, component.id);
  for (const effect of effectsOf(component, action, item.status)) {
    if (effect.kind === 'setField')
      setFields[effect.field] =
        (await evaluateActionExpression(effect.expression, values, now, language, tables)) ?? null;
    else if (effect.kind === 'assignResponsible')
      assignment = await resolveResponsibleTarget(tx, effect.to, actor, values);
  }
  if (request.responsibleId != null) {
    if (!(await isResponsibleCandidate(tx, action, item, values, request.responsibleId)))
      throw workflowRefusal('responsibleId', 'notCandidate', language);
    assignment = { responsibleId: request.responsibleId, responsibleGroupId: null };
  }
  const responsibleAfter = assignment ? assignment.responsibleId : item.responsibleId;
  if (action.responsibleRequired && responsibleAfter === null)
    throw workflowRefusal('responsibleId', 'responsibleRequired', language);

  let pendingApprovals: ActionApprovals | null = null;
  if (action.approvals) {
    // The approval is the approver's (a delegator's, when the actor acts for them): one person, one approval.
    const approver = (await approverFor(tx, principals, action.approvals.group))!;
    const count = await countOpenApprovals(tx, item.id, action.key, action.approvals.count, approver.userId);
    if (count.givenByMe) throw workflowRefusal('action', 'alreadyApproved', language);
    await recordApproval(tx, {
      itemId: item.id,
      actionKey: action.key,
      userId: approver.userId,
      actedBy: actor.userId,
      reason,
      at: now,
    });
    pendingApprovals = { required: count.required, given: count.given + 1, givenByMe: true };
    if (pendingApprovals.given < pendingApprovals.required)
      return {
        action: action.key,
        from: item.status,
        to: item.status ?? action.to,
        reason: item.reason,
        setFields: {},
        pendingApprovals,
      };
  }
  // Whenever any is open, not only when this definition has approvals: an earlier version's may still be.
  if (action.approvals || lock.approvalsOpen) await closeApprovals(tx, item.id);
  return {
    action: action.key,
    from: item.status,
    to: action.to,
    // The reason of the last action: an action without one clears the previous one's.
    reason,
    setFields,
    ...(assignment ?? {}),
    pendingApprovals,
  };
}
