import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import {
  ActionBodySchema,
  ActionResultSchema,
  DelegationsResultSchema,
  ExecuteTaskActionBodySchema,
  GetActionsResultSchema,
  LoadResponsiblesResultSchema,
  PendingWorkBodySchema,
  PendingWorkResultSchema,
  SaveDelegationBodySchema,
  TriggerActionBodySchema,
  TriggerActionResultSchema,
  ValidateByRuleResultSchema,
  WorkflowItemBodySchema,
} from './workflow.schemas.ts';

/**
 * Spec §7.6 Workflow calls. An item the caller may not see answers 404 as an unknown one; an action that does
 * not apply, that the caller may not run, or whose condition fails answers 400 VALIDATION_FAILED whose details
 * name the field (`action`, `reason`, `responsibleId`; `toUserId`, `startsOn`, `endsOn` for delegations) with
 * a code of WORKFLOW_REFUSAL_CODES and a translated text; a stale version 409 ITEM_VERSION_CONFLICT.
 */
export const workflowRoutes = {
  getActions: defineRoute({
    method: 'POST',
    path: '/genericItem/getActions',
    access: 'session',
    summary: "The item's status and the workflow actions the caller may run on it now",
    tags: ['workflow'],
    body: WorkflowItemBodySchema,
    response: GetActionsResultSchema,
  }),
  validateByRule: defineRoute({
    method: 'POST',
    path: '/genericItem/validateByRule',
    access: 'session',
    summary: "Whether the action's condition holds over the item's values (with the form's unsaved ones)",
    tags: ['workflow'],
    body: ActionBodySchema,
    response: ValidateByRuleResultSchema,
  }),
  loadResponsibles: defineRoute({
    method: 'POST',
    path: '/genericItem/loadResponsibles',
    access: 'session',
    summary: 'The users an action may hand the item to',
    tags: ['workflow'],
    body: ActionBodySchema,
    response: LoadResponsiblesResultSchema,
  }),
  executeTaskAction: defineRoute({
    method: 'POST',
    path: '/genericItem/executeTaskAction',
    access: 'session',
    summary: 'Runs a workflow action on one item (with reason, responsible and unsaved form values)',
    tags: ['workflow'],
    body: ExecuteTaskActionBodySchema,
    response: ActionResultSchema,
  }),
  triggerAction: defineRoute({
    method: 'POST',
    path: '/genericItem/triggerAction',
    access: 'session',
    summary: 'Runs a workflow action on several items; refusals come back per item',
    tags: ['workflow'],
    body: TriggerActionBodySchema,
    response: TriggerActionResultSchema,
  }),
  loadPendingWork: defineRoute({
    method: 'POST',
    path: '/genericItem/loadPendingWork',
    access: 'session',
    summary:
      "'Minhas pendências': items of an application waiting on the caller, their groups or who delegated to them",
    tags: ['workflow'],
    body: PendingWorkBodySchema,
    response: PendingWorkResultSchema,
  }),
  loadDelegations: defineRoute({
    method: 'GET',
    path: '/genericItem/loadDelegations',
    access: 'session',
    summary: "The caller's delegations, given and received",
    tags: ['workflow'],
    response: DelegationsResultSchema,
  }),
  saveDelegation: defineRoute({
    method: 'POST',
    path: '/genericItem/saveDelegation',
    access: 'session',
    summary: 'Delegates the caller’s work to another user for a date range',
    tags: ['workflow'],
    body: SaveDelegationBodySchema,
    response: DelegationsResultSchema,
  }),
  deleteDelegation: defineRoute({
    method: 'POST',
    path: '/genericItem/deleteDelegation',
    access: 'session',
    summary: 'Ends one of the caller’s delegations',
    tags: ['workflow'],
    body: z.object({ id: z.number().int().positive() }),
    response: DelegationsResultSchema,
  }),
};
