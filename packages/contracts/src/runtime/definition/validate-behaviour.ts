import { assertNever } from '../../common/route.ts';
import type { PathSegment } from './definition-path.ts';
import type { Effect } from './effects.ts';
import { type ComponentScope, checkFieldRef, checkIdRef } from './validation-scope.ts';

/** setField may write configured fields and the item's title, never other system columns. */
const SETTABLE_SYSTEM_KEYS = ['Title'] as const;

export function checkEffects(scope: ComponentScope, effects: readonly Effect[], path: PathSegment[]): void {
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
        break;
      case 'generateDocument':
        checkIdRef(scope, 'print layout', effect.printLayoutId, scope.component.printLayouts, [
          ...here,
          'printLayoutId',
        ]);
        break;
      default:
        assertNever(effect);
    }
  });
}

/**
 * Statuses: unique keys, exactly one initial. Actions: unique keys, existing statuses, none leaving a final
 * status. Effects on enter reference existing fields and print layouts.
 */
export function checkWorkflow(scope: ComponentScope): void {
  const workflow = scope.component.workflow;
  if (!workflow) return;
  const path = [...scope.path, 'workflow'];
  const statuses = new Map(workflow.statuses.map((status) => [status.key, status]));
  const seenStatuses = new Set<string>();
  workflow.statuses.forEach((status, index) => {
    if (seenStatuses.has(status.key))
      scope.collector.report([...path, 'statuses', index, 'key'], `duplicate status '${status.key}'`);
    seenStatuses.add(status.key);
    checkEffects(scope, status.onEnter, ['workflow', 'statuses', index, 'onEnter']);
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

export function checkReports(scope: ComponentScope): void {
  const { component } = scope;
  component.reports.forEach((report, index) => {
    const path: PathSegment[] = ['reports', index];
    report.parameters.forEach((parameter, parameterIndex) => {
      if (parameter.field !== undefined)
        checkFieldRef(scope, parameter.field, [...path, 'parameters', parameterIndex, 'field']);
    });
    switch (report.kind) {
      case 'list':
        checkIdRef(scope, 'saved query', report.queryId, component.queries, [...path, 'queryId']);
        checkIdRef(scope, 'list view', report.viewId, component.listViews, [...path, 'viewId']);
        break;
      case 'summary':
        checkIdRef(scope, 'saved query', report.queryId, component.queries, [...path, 'queryId']);
        report.groupBy.forEach((key, groupIndex) => {
          checkFieldRef(scope, key, [...path, 'groupBy', groupIndex]);
        });
        report.measures.forEach((measure, measureIndex) => {
          const measurePath = [...path, 'measures', measureIndex, 'field'];
          if (measure.field !== undefined) {
            checkFieldRef(scope, measure.field, measurePath, {
              types: ['INTEGER', 'DECIMAL', 'CURRENCY', 'PERCENTILE', 'DURATION'],
              systemKeys: 'none',
            });
          } else if (measure.aggregate !== 'count') {
            scope.collector.report(
              [...scope.path, ...measurePath],
              `the ${measure.aggregate} aggregate needs a field`,
            );
          }
        });
        break;
      case 'document':
        break;
      default:
        assertNever(report);
    }
  });
}
