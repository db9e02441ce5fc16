import { type FilterCondition, type FilterGroup, isFilterGroup } from '../query/filter.ts';
import type { PathSegment } from './definition-path.ts';
import type { FormComponent } from './form.ts';
import { matchesFormattedIdPattern, renderFormattedId } from './formatted-id-pattern.ts';
import {
  type ComponentScope,
  checkFieldRef,
  checkIdRef,
  DATE_SYSTEM_FIELD_KEYS,
  isSystemFieldKey,
} from './validation-scope.ts';

/** Field keys: unique in the component, and never a system key (it would shadow the system column). */
export function checkFields(scope: ComponentScope): void {
  const firstIndex = new Map<string, number>();
  scope.component.fields.forEach((field, index) => {
    const path = [...scope.path, 'fields', index, 'key'];
    const first = firstIndex.get(field.key);
    if (first !== undefined)
      scope.collector.report(path, `duplicate field key '${field.key}' (also fields[${first}])`);
    else firstIndex.set(field.key, index);
    if (isSystemFieldKey(field.key)) scope.collector.report(path, `'${field.key}' is a system field key`);
    field.changeActions?.forEach((action, actionIndex) => {
      if (!scope.component.workflow?.actions.some((candidate) => candidate.key === action))
        scope.collector.report(
          [...scope.path, 'fields', index, 'changeActions', actionIndex],
          `unknown action '${action}'`,
        );
    });
  });
  // Checked with the fields (and not a call of its own in validate.ts): its references are field keys first.
  checkFieldAccess(scope);
  checkDraftFormattedId(scope);
}

/**
 * A draft ID pattern needs a workflow (its initial status is the draft) and IDs that can never be taken for the
 * final ones: the item keeps its draft ID only until it first leaves that status, told apart by its shape.
 */
function checkDraftFormattedId(scope: ComponentScope): void {
  const { draftFormattedIdPattern: draft, formattedIdPattern: final, workflow } = scope.component;
  if (draft === undefined) return;
  const path = [...scope.path, 'draftFormattedIdPattern'];
  if (!workflow) scope.collector.report(path, 'a draft ID pattern needs a workflow');
  const sample = (pattern: string) => renderFormattedId(pattern, 2026, 1);
  if (matchesFormattedIdPattern(final, sample(draft)) || matchesFormattedIdPattern(draft, sample(final)))
    scope.collector.report(path, `draft IDs could not be told apart from those of '${final}'`);
}

const WRITABLE_SYSTEM_KEYS = ['Title', 'Position'] as const;

/**
 * The field permissions name only fields a save can write (configured fields, Title, Position) and statuses of
 * the component's workflow, each status once.
 */
function checkFieldAccess(scope: ComponentScope): void {
  const access = scope.component.fieldAccess;
  if (!access) return;
  const statusKeys = new Set(scope.component.workflow?.statuses.map((status) => status.key) ?? []);
  const checkStatus = (status: string, path: PathSegment[]) => {
    if (!statusKeys.has(status))
      scope.collector.report([...scope.path, ...path], `no workflow status '${status}' in the component`);
  };
  (access.lockedStatuses ?? []).forEach((status, index) => {
    checkStatus(status, ['fieldAccess', 'lockedStatuses', index]);
  });
  const seen = new Set<string>();
  access.statuses.forEach((entry, index) => {
    const path: PathSegment[] = ['fieldAccess', 'statuses', index];
    checkStatus(entry.status, [...path, 'status']);
    if (seen.has(entry.status))
      scope.collector.report([...scope.path, ...path, 'status'], `duplicate status '${entry.status}'`);
    seen.add(entry.status);
    for (const kind of ['write', 'hidden'] as const)
      entry[kind].forEach((grant, grantIndex) => {
        grant.fields.forEach((key, keyIndex) => {
          checkFieldRef(scope, key, [...path, kind, grantIndex, 'fields', keyIndex], {
            systemKeys: WRITABLE_SYSTEM_KEYS,
          });
        });
      });
  });
}

export function checkForms(scope: ComponentScope): void {
  scope.component.forms.forEach((form, formIndex) => {
    const keys = new Set<string>();
    const walk = (components: FormComponent[], path: PathSegment[]) => {
      components.forEach((component, index) => {
        const here = [...path, index];
        if (component.key !== undefined) {
          if (keys.has(component.key)) {
            scope.collector.report(
              [...scope.path, ...here, 'key'],
              `duplicate component key '${component.key}'`,
            );
          }
          keys.add(component.key);
        }
        checkFormComponent(scope, component, here);
        if (component.type === 'tabControl') {
          component.tabs.forEach((tab, tabIndex) => {
            walk(tab.children, [...here, 'tabs', tabIndex, 'children']);
          });
        } else if (component.type === 'steps') {
          component.steps.forEach((step, stepIndex) => {
            walk(step.children, [...here, 'steps', stepIndex, 'children']);
          });
        } else if (component.type === 'panel' || component.type === 'groupBox') {
          walk(component.children, [...here, 'children']);
        }
      });
    };
    walk(form.layout, ['forms', formIndex, 'layout']);
    if (form.sentFormId === undefined) return;
    const sentPath = ['forms', formIndex, 'sentFormId'];
    checkIdRef(scope, 'form', form.sentFormId, scope.component.forms, sentPath);
    // Only a workflow has a draft to leave; a form sending to itself would never open another.
    if (!scope.component.workflow)
      scope.collector.report([...scope.path, ...sentPath], 'a form for drafts needs a workflow');
    if (form.sentFormId === form.id)
      scope.collector.report([...scope.path, ...sentPath], 'a form cannot send items to itself');
  });
}

/** The references of one form component to its own component (fields, rules, actions, print layouts). */
function checkFormComponent(scope: ComponentScope, component: FormComponent, path: PathSegment[]): void {
  if ('field' in component) checkFieldRef(scope, component.field, [...path, 'field']);
  if (component.type === 'address') {
    for (const [part, key] of Object.entries(component.fields)) {
      if (key !== undefined) checkFieldRef(scope, key, [...path, 'fields', part], { systemKeys: 'none' });
    }
  }
  if (component.type !== 'button') return;
  const action = component.action;
  const actionPath = [...scope.path, ...path, 'action'];
  if (action.kind === 'runRule') {
    const rule = scope.component.rules.find((candidate) => candidate.id === action.ruleId);
    if (rule?.kind !== 'action') {
      scope.collector.report([...actionPath, 'ruleId'], `no action rule '${action.ruleId}' in the component`);
    }
  } else if (action.kind === 'workflowAction') {
    const known = scope.component.workflow?.actions.some((candidate) => candidate.key === action.actionKey);
    if (!known)
      scope.collector.report([...actionPath, 'actionKey'], `no workflow action '${action.actionKey}'`);
  } else if (action.kind === 'print') {
    checkIdRef(scope, 'print layout', action.printLayoutId, scope.component.printLayouts, [
      ...path,
      'action',
      'printLayoutId',
    ]);
  }
}

export function checkListViewsAndQueries(scope: ComponentScope): void {
  scope.component.listViews.forEach((view, viewIndex) => {
    const seen = new Set<string>();
    view.columns.forEach((column, index) => {
      const path = ['listViews', viewIndex, 'columns', index, 'field'];
      checkFieldRef(scope, column.field, path);
      if (seen.has(column.field))
        scope.collector.report([...scope.path, ...path], `duplicate column '${column.field}'`);
      seen.add(column.field);
    });
  });
  scope.component.queries.forEach((query, queryIndex) => {
    const walk = (group: FilterGroup, path: PathSegment[]) => {
      group.filters.forEach((node: FilterCondition | FilterGroup, index) => {
        if (isFilterGroup(node)) walk(node, [...path, 'filters', index]);
        else checkFieldRef(scope, node.field, [...path, 'filters', index, 'field']);
      });
    };
    walk(query.filter, ['queries', queryIndex, 'filter']);
    query.sort.forEach((sort, index) => {
      checkFieldRef(scope, sort.field, ['queries', queryIndex, 'sort', index, 'field']);
    });
  });
}

const DATE_FIELD = { types: ['DATE_TIME'], systemKeys: DATE_SYSTEM_FIELD_KEYS } as const;

export function checkBoardViews(scope: ComponentScope): void {
  const { component } = scope;
  component.kanbanViews.forEach((view, index) => {
    const path = ['kanbanViews', index];
    const laneValues = laneValuesOf(scope, view.laneField, [...path, 'laneField']);
    view.lanes.forEach((lane, laneIndex) => {
      if (laneValues && !laneValues.includes(lane.value)) {
        scope.collector.report(
          [...scope.path, ...path, 'lanes', laneIndex, 'value'],
          `lane '${lane.value}' is not a value of '${view.laneField}'`,
        );
      }
    });
    view.cardFields.forEach((key, fieldIndex) => {
      checkFieldRef(scope, key, [...path, 'cardFields', fieldIndex]);
    });
    checkIdRef(scope, 'saved query', view.queryId, component.queries, [...path, 'queryId']);
    checkIdRef(scope, 'form', view.formId, component.forms, [...path, 'formId']);
  });
  component.scheduleViews.forEach((view, index) => {
    const path = ['scheduleViews', index];
    checkFieldRef(scope, view.startField, [...path, 'startField'], DATE_FIELD);
    checkFieldRef(scope, view.endField, [...path, 'endField'], DATE_FIELD);
    if (view.progressField !== undefined) {
      checkFieldRef(scope, view.progressField, [...path, 'progressField'], {
        types: ['PERCENTILE'],
        systemKeys: 'none',
      });
    }
    if (view.predecessorsField !== undefined) {
      checkFieldRef(scope, view.predecessorsField, [...path, 'predecessorsField'], {
        types: ['GENERIC_ITEM_TYPE'],
        systemKeys: 'none',
      });
    }
    checkIdRef(scope, 'saved query', view.queryId, component.queries, [...path, 'queryId']);
  });
  component.calendarViews.forEach((view, index) => {
    const path = ['calendarViews', index];
    checkFieldRef(scope, view.startField, [...path, 'startField'], DATE_FIELD);
    if (view.endField !== undefined) checkFieldRef(scope, view.endField, [...path, 'endField'], DATE_FIELD);
    if (view.colorField !== undefined) laneValuesOf(scope, view.colorField, [...path, 'colorField']);
    checkIdRef(scope, 'saved query', view.queryId, component.queries, [...path, 'queryId']);
  });
}

/**
 * The values a lane (or colour) field takes: workflow status keys for StatusName or an ITEM_TYPE_STATUS field,
 * option values for a PICKLIST. Reports other fields; undefined when the values are unknown.
 */
function laneValuesOf(scope: ComponentScope, key: string, path: PathSegment[]): string[] | undefined {
  const statusKeys = scope.component.workflow?.statuses.map((status) => status.key);
  if (key === 'StatusName') {
    if (!statusKeys) scope.collector.report([...scope.path, ...path], 'StatusName needs a workflow');
    return statusKeys;
  }
  const field = checkFieldRef(scope, key, path, {
    types: ['PICKLIST', 'ITEM_TYPE_STATUS'],
    systemKeys: 'none',
  });
  if (field?.type === 'PICKLIST') return field.options.map((option) => option.value);
  if (field?.type === 'ITEM_TYPE_STATUS') return statusKeys;
  return undefined;
}
