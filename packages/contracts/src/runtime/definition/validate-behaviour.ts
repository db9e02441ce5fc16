import { assertNever } from '../../common/route.ts';
import type { PathSegment } from './definition-path.ts';
import {
  CHECK_RESULT_COLUMNS,
  type Effect,
  NOTIFY_TEMPLATE_KEYS,
  type RunCheckEffect,
  templatePlaceholders,
  type WorkflowEffect,
} from './effects.ts';
import type { LocalizedText } from './localized-text.ts';
import { type ComponentScope, checkFieldRef, checkIdRef } from './validation-scope.ts';
import type { WorkflowAction } from './workflow.ts';

/** setField may write configured fields and the item's title, never other system columns. */
const SETTABLE_SYSTEM_KEYS = ['Title'] as const;
const USER_FIELD_TYPES = ['USERS', 'USERS_OR_GROUPS'] as const;

/** Every `{{key}}` of a notify template names a field of the component or one of NOTIFY_TEMPLATE_KEYS. */
function checkTemplate(scope: ComponentScope, text: LocalizedText, path: PathSegment[]): void {
  for (const language of ['pt-BR', 'en'] as const) {
    for (const key of templatePlaceholders(text[language])) {
      if (scope.fields.has(key) || (NOTIFY_TEMPLATE_KEYS as readonly string[]).includes(key)) continue;
      scope.collector.report([...scope.path, ...path, language], `unknown template key '{{${key}}}'`);
    }
  }
}

/**
 * Effects of rules (Effect) and of workflows (WorkflowEffect). The switch is exhaustive: a kind added to the
 * schemas without a check here does not compile, and a kind the schemas do not know never parses.
 * `operationIds` are the application's operations (runOperation must name one).
 */
export function checkEffects(
  scope: ComponentScope,
  effects: readonly (Effect | WorkflowEffect)[],
  path: PathSegment[],
  operationIds: ReadonlySet<number> = new Set(),
): void {
  effects.forEach((effect, index) => {
    const here = [...path, index];
    switch (effect.kind) {
      case 'setField':
        checkFieldRef(scope, effect.field, [...here, 'field'], { systemKeys: SETTABLE_SYSTEM_KEYS });
        break;
      case 'notify':
        effect.recipients.forEach((recipient, recipientIndex) => {
          if (recipient.kind !== 'field') return;
          checkFieldRef(scope, recipient.field, [...here, 'recipients', recipientIndex, 'field'], {
            types: ['USERS', 'GROUPS', 'USERS_OR_GROUPS'],
            systemKeys: 'none',
          });
        });
        checkTemplate(scope, effect.subject, [...here, 'subject']);
        checkTemplate(scope, effect.message, [...here, 'message']);
        break;
      case 'generateDocument':
        checkIdRef(scope, 'print layout', effect.printLayoutId, scope.component.printLayouts, [
          ...here,
          'printLayoutId',
        ]);
        break;
      case 'assignResponsible':
        if (effect.to.kind === 'field')
          checkFieldRef(scope, effect.to.field, [...here, 'to', 'field'], {
            types: USER_FIELD_TYPES,
            systemKeys: 'none',
          });
        break;
      case 'runOperation':
        if (!operationIds.has(effect.operationId))
          scope.collector.report(
            [...scope.path, ...here, 'operationId'],
            `no operation ${effect.operationId} in this application`,
          );
        break;
      case 'runCheck':
        checkRunCheck(scope, effect, here);
        break;
      case 'stampFiles':
        checkFieldRef(scope, effect.field, [...here, 'field'], { types: ['BINARY'], systemKeys: 'none' });
        break;
      default:
        assertNever(effect);
    }
  });
}

/**
 * A runCheck writes its rows into a TABLE field with the result columns (CHECK_RESULT_COLUMNS), names criteria
 * once each, and moves the item with actions of this workflow.
 */
function checkRunCheck(scope: ComponentScope, effect: RunCheckEffect, here: PathSegment[]): void {
  const field = checkFieldRef(scope, effect.resultField, [...here, 'resultField'], {
    types: ['TABLE'],
    systemKeys: 'none',
  });
  if (field?.type === 'TABLE')
    for (const [key, type] of Object.entries(CHECK_RESULT_COLUMNS))
      if (!field.columns?.some((column) => column.key === key && column.type === type))
        scope.collector.report(
          [...scope.path, ...here, 'resultField'],
          `field '${field.key}' needs a ${type} column '${key}' for the check's results`,
        );
  const keys = new Set<string>();
  effect.criteria.forEach((criterion, index) => {
    if (keys.has(criterion.key))
      scope.collector.report(
        [...scope.path, ...here, 'criteria', index, 'key'],
        `duplicate criterion '${criterion.key}'`,
      );
    keys.add(criterion.key);
  });
  const actions = new Set(scope.component.workflow?.actions.map((action) => action.key));
  const named: Array<[string, PathSegment[]]> = [
    ...effect.onPass.map((key, index): [string, PathSegment[]] => [key, ['onPass', index]]),
    [effect.onFail, ['onFail']],
  ];
  for (const [key, path] of named)
    if (!actions.has(key))
      scope.collector.report([...scope.path, ...here, ...path], `unknown action '${key}'`);
}

/** The fields an action names (who may run it, whom it offers as responsible) are user fields of the component. */
function checkActionFields(scope: ComponentScope, action: WorkflowAction, actionPath: PathSegment[]): void {
  action.allowedUserFields.forEach((key, fieldIndex) => {
    checkFieldRef(scope, key, [...actionPath, 'allowedUserFields', fieldIndex], {
      types: USER_FIELD_TYPES,
      systemKeys: 'none',
    });
  });
  if (action.responsibleCandidates?.kind === 'field')
    checkFieldRef(
      scope,
      action.responsibleCandidates.field,
      [...actionPath, 'responsibleCandidates', 'field'],
      {
        types: USER_FIELD_TYPES,
        systemKeys: 'none',
      },
    );
}

/**
 * Statuses: unique keys, exactly one initial. Actions: unique keys, existing statuses, none leaving a final
 * status, user fields that are user fields. Effects (on enter and of actions) reference existing fields, print
 * layouts and operations of the application (`operationIds`).
 */
export function checkWorkflow(scope: ComponentScope, operationIds: ReadonlySet<number> = new Set()): void {
  const workflow = scope.component.workflow;
  if (!workflow) return;
  const path = [...scope.path, 'workflow'];
  const statuses = new Map(workflow.statuses.map((status) => [status.key, status]));
  const seenStatuses = new Set<string>();
  workflow.statuses.forEach((status, index) => {
    if (seenStatuses.has(status.key))
      scope.collector.report([...path, 'statuses', index, 'key'], `duplicate status '${status.key}'`);
    seenStatuses.add(status.key);
    checkEffects(scope, status.onEnter, ['workflow', 'statuses', index, 'onEnter'], operationIds);
  });
  const initialCount = workflow.statuses.filter((status) => status.initial).length;
  if (initialCount !== 1) {
    scope.collector.report(
      [...path, 'statuses'],
      `a workflow has exactly one initial status (found ${initialCount})`,
    );
  }
  const seenActions = new Set<string>();
  workflow.actions.forEach((action, index) => {
    const actionPath = [...path, 'actions', index];
    if (seenActions.has(action.key))
      scope.collector.report([...actionPath, 'key'], `duplicate action '${action.key}'`);
    seenActions.add(action.key);
    action.from.forEach((key, fromIndex) => {
      const status = statuses.get(key);
      if (!status) scope.collector.report([...actionPath, 'from', fromIndex], `unknown status '${key}'`);
      else if (status.final)
        scope.collector.report([...actionPath, 'from', fromIndex], `status '${key}' is final`);
    });
    if (!statuses.has(action.to))
      scope.collector.report([...actionPath, 'to'], `unknown status '${action.to}'`);
    const relative: PathSegment[] = ['workflow', 'actions', index];
    checkActionFields(scope, action, relative);
    if (action.signatureRequired)
      checkIdRef(
        scope,
        'print layout',
        action.signatureRequired.printLayoutId,
        scope.component.printLayouts,
        [...relative, 'signatureRequired', 'printLayoutId'],
      );
    checkEffects(scope, action.effects, [...relative, 'effects'], operationIds);
  });
}

export function checkRules(scope: ComponentScope): void {
  const seen = new Set<string>();
  scope.component.rules.forEach((rule, index) => {
    const path: PathSegment[] = ['rules', index];
    if (seen.has(rule.id))
      scope.collector.report([...scope.path, ...path, 'id'], `duplicate rule id '${rule.id}'`);
    seen.add(rule.id);
    switch (rule.kind) {
      case 'defaultValue':
      case 'computedValue':
        checkFieldRef(scope, rule.field, [...path, 'field'], { systemKeys: ['Title'] });
        break;
      case 'visibility':
      case 'readOnly':
      case 'required':
      case 'validation':
        checkFieldRef(scope, rule.field, [...path, 'field']);
        break;
      case 'action':
        if (rule.trigger.on === 'change')
          checkFieldRef(scope, rule.trigger.field, [...path, 'trigger', 'field']);
        checkEffects(scope, rule.effects, [...path, 'effects']);
        break;
      default:
        assertNever(rule);
    }
  });
}
