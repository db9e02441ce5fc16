import {
  type ActionBody,
  type ActionResult,
  type AvailableAction,
  type ComponentDefinition,
  type DelegationsResult,
  type ExecuteTaskActionBody,
  type GetActionsResult,
  type LoadResponsiblesResult,
  localize,
  type PendingWorkBody,
  type PendingWorkResult,
  type SaveDelegationBody,
  type TriggerActionBody,
  type TriggerActionResult,
  type ValidateByRuleResult,
  type WorkflowItemBody,
  type WriteRefusal,
} from '@der/contracts';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';
import { visibleItem } from '../forms/form-items.ts';
import { grantedComponentOrThrow, writableComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { toWriteResult } from '../items/items.service.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { type ItemSavedHook, saveItem } from '../items/save-item.ts';
import { writeRefusalsOf } from '../items/save-refusals.ts';
import { actionsFromStatus, principalsOf } from './action-access.ts';
import { countOpenApprovals } from './approvals.ts';
import { createDelegation, deleteDelegation, listDelegations } from './delegations.ts';
import { actionOrThrow, actionRefusal, actionValues, evaluateActionExpression } from './item-transition.ts';
import { loadPendingWork } from './pending-work.ts';
import { listResponsibleCandidates, namesOf } from './responsibles.ts';
import { statusView } from './status-view.ts';

/** A refusal of triggerAction's that is an error elsewhere (404, 403): the item is reported, the others saved. */
const ITEM_ERRORS_AS_DATA = new Set(['NOT_FOUND', 'ITEM_EDIT_FORBIDDEN']);

/** Spec §7.6 Workflow calls: getActions, validateByRule, loadResponsibles, executeTaskAction, triggerAction. */
export function createWorkflowService(deps: { db: Db; now: () => Date; onItemSaved?: ItemSavedHook }) {
  const { db } = deps;

  /** The component (granted application) and the item, 404 when the caller may not see either. */
  async function visibleTarget(
    actor: ItemActor,
    body: WorkflowItemBody,
  ): Promise<{ component: ComponentDefinition; item: RuntimeItemRow; writable: boolean }> {
    const component = (await grantedComponentOrThrow(db, actor, body.componentId, { active: false }))
      .definition;
    const { item, writable } = await visibleItem(db, actor, body.itemId, body.componentId);
    return { component, item, writable };
  }

  async function availableActions(
    actor: ItemActor,
    component: ComponentDefinition,
    item: RuntimeItemRow,
    now: Date,
  ): Promise<AvailableAction[]> {
    const values = actionValues(item, undefined);
    const principals = principalsOf(db, actor, now);
    const available: AvailableAction[] = [];
    for (const action of actionsFromStatus(component, item.status)) {
      // The condition is not checked here: the button shows, and running it explains what is missing.
      if (await actionRefusal(db, actor, action, item, values, now, { checkCondition: false, principals }))
        continue;
      available.push({
        key: action.key,
        name: localize(action.name, actor.language),
        to: statusView(component, action.to, actor.language)!,
        reasonRequired: action.reasonRequired,
        responsibleRequired: action.responsibleRequired,
        confirmation: action.confirmation ? localize(action.confirmation, actor.language) : null,
        approvals: action.approvals
          ? await countOpenApprovals(db, item.id, action.key, action.approvals.count, actor.userId)
          : null,
      });
    }
    return available;
  }

  /** One action in its own transaction (or savepoint of `tx`), through the one save. */
  async function runAction(
    tx: Db,
    actor: ItemActor,
    component: ComponentDefinition,
    request: {
      componentId: number;
      itemId: number;
      version?: number;
      action: string;
      reason?: string | null | undefined;
      responsibleId?: number | null | undefined;
      changes?: Record<string, unknown> | undefined;
    },
    now: Date,
  ) {
    return saveItem(
      tx,
      actor,
      {
        componentId: request.componentId,
        itemId: request.itemId,
        ...(request.version === undefined ? {} : { version: request.version }),
        changes: request.changes ?? {},
        transition: {
          action: request.action,
          reason: request.reason ?? null,
          responsibleId: request.responsibleId ?? null,
          ...(request.changes ? { values: request.changes } : {}),
        },
      },
      { now, component, onItemSaved: deps.onItemSaved },
    );
  }

  return {
    /** Spec §7.6 getActions: the item's status and responsible, and the actions the caller may run now. */
    async getActions(actor: ItemActor, body: WorkflowItemBody): Promise<GetActionsResult> {
      const now = deps.now();
      const { component, item, writable } = await visibleTarget(actor, body);
      // Running an action writes the item: someone who may only read it is offered none (spec §6).
      const actions = writable ? await availableActions(actor, component, item, now) : [];
      const names = await namesOf(
        db,
        item.responsibleId === null ? [] : [item.responsibleId],
        item.responsibleGroupId === null ? [] : [item.responsibleGroupId],
      );
      return {
        itemId: item.id,
        version: item.version,
        status: statusView(component, item.status, actor.language),
        responsible:
          item.responsibleId === null
            ? null
            : { id: item.responsibleId, name: names.users.get(item.responsibleId) ?? '' },
        responsibleGroup:
          item.responsibleGroupId === null || !names.groups.has(item.responsibleGroupId)
            ? null
            : { id: item.responsibleGroupId, name: names.groups.get(item.responsibleGroupId)! },
        actions,
      };
    },

    /** Spec §7.6 validateByRule: whether the action's condition holds over the item's (and the form's) values. */
    async validateByRule(actor: ItemActor, body: ActionBody): Promise<ValidateByRuleResult> {
      const { component, item } = await visibleTarget(actor, body);
      const action = actionOrThrow(component, body.action, actor);
      if (!action.validation) return { valid: true, message: null };
      const valid = await evaluateActionExpression(
        action.validation.expression,
        actionValues(item, body.values),
        deps.now(),
        actor.language,
        referenceTablesLoader(db, component.id),
      );
      return valid
        ? { valid: true, message: null }
        : { valid: false, message: localize(action.validation.message, actor.language) };
    },

    /** Spec §7.6 loadResponsibles: whom the action may hand the item to. */
    async loadResponsibles(actor: ItemActor, body: ActionBody): Promise<LoadResponsiblesResult> {
      const { component, item } = await visibleTarget(actor, body);
      const action = actionOrThrow(component, body.action, actor);
      return {
        responsibles: await listResponsibleCandidates(db, action, item, actionValues(item, body.values)),
      };
    },

    /**
     * Spec §7.6 executeTaskAction: the action on one item at the client's version with the dialog's reason and
     * responsible and the form's unsaved changes, through the one save (refusals 400, stale 409, unseen 404).
     */
    async executeTaskAction(actor: ItemActor, body: ExecuteTaskActionBody): Promise<ActionResult> {
      const now = deps.now();
      const { saved, component } = await db.transaction(async (tx) => {
        const component = await writableComponentOrThrow(tx, actor, body.componentId);
        return { saved: await runAction(tx, actor, component, body, now), component };
      });
      return {
        saved: toWriteResult(saved.row),
        status: statusView(component, saved.row.status, actor.language),
        responsibleId: saved.row.responsibleId,
        pendingApprovals: saved.transition?.pendingApprovals ?? null,
      };
    },

    /**
     * Spec §7.6 triggerAction: the action on several items (at their current versions), each in its own
     * savepoint of one transaction: a refused item is reported (WriteRefusal) and rolled back alone, the others
     * are saved. Errors that are not about one item (a 500) roll everything back.
     */
    async triggerAction(actor: ItemActor, body: TriggerActionBody): Promise<TriggerActionResult> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const component = await writableComponentOrThrow(tx, actor, body.componentId);
        const saved: TriggerActionResult['saved'] = [];
        const refused: WriteRefusal[] = [];
        for (const itemId of [...new Set(body.itemIds)]) {
          try {
            const result = await tx.transaction((savepoint) =>
              runAction(savepoint, actor, component, { ...body, itemId }, now),
            );
            saved.push(toWriteResult(result.row));
          } catch (error) {
            const refusals = writeRefusalsOf(error, itemId);
            if (refusals) refused.push(...refusals);
            else if (isAppError(error) && ITEM_ERRORS_AS_DATA.has(error.code))
              refused.push({
                itemId,
                row: null,
                field: 'itemId',
                code: error.code,
                message: translateError(error.code, actor.language),
              });
            else throw error;
          }
        }
        return { saved, refused };
      });
    },

    loadPendingWork: (actor: ItemActor, body: PendingWorkBody): Promise<PendingWorkResult> =>
      loadPendingWork(db, actor, body, deps.now()),

    loadDelegations: (actor: ItemActor): Promise<DelegationsResult> =>
      listDelegations(db, actor.userId, deps.now()),

    async saveDelegation(actor: ItemActor, body: SaveDelegationBody): Promise<DelegationsResult> {
      const now = deps.now();
      await createDelegation(db, actor, body, now);
      return listDelegations(db, actor.userId, now);
    },

    async deleteDelegation(actor: ItemActor, id: number): Promise<DelegationsResult> {
      await deleteDelegation(db, actor.userId, id);
      return listDelegations(db, actor.userId, deps.now());
    },
  };
}
export type WorkflowService = ReturnType<typeof createWorkflowService>;
