import { assertNever } from '../../common/route.ts';
import type { ApplicationDefinition } from './application.ts';
import type { ComponentDefinition } from './component.ts';
import type { PathSegment } from './definition-path.ts';
import type { MenuItemDefinition, MenuLinkTarget } from './menu.ts';
import { repositoryOfForms } from './validate-repositories.ts';
import type { ErrorCollector } from './validation-scope.ts';

type IdListKey = 'forms' | 'queries' | 'listViews' | 'kanbanViews' | 'scheduleViews' | 'reports';
const LABELS: Record<IdListKey, string> = {
  forms: 'form',
  queries: 'saved query',
  listViews: 'list view',
  kanbanViews: 'kanban view',
  scheduleViews: 'schedule view',
  reports: 'report',
};

/**
 * Menu keys are unique in the whole tree; every link target names ids that exist in the definition; an entry
 * restricted to groups names groups the application is granted to (any other group could never open it).
 */
export function checkMenu(definition: ApplicationDefinition, collector: ErrorCollector): void {
  const keys = new Set<string>();
  const granted = new Set(definition.groups.map((name) => name.toLowerCase()));
  const walk = (items: MenuItemDefinition[], path: PathSegment[]) => {
    items.forEach((item, index) => {
      const here = [...path, index];
      if (keys.has(item.key)) collector.report([...here, 'key'], `duplicate menu key '${item.key}'`);
      keys.add(item.key);
      item.groups.forEach((group, groupIndex) => {
        if (!granted.has(group.toLowerCase()))
          collector.report(
            [...here, 'groups', groupIndex],
            `'${group}' is not one of the application's groups`,
          );
      });
      if (item.target) checkTarget(definition, item.target, [...here, 'target'], collector);
      walk(item.children, [...here, 'children']);
    });
  };
  walk(definition.menu, ['menu']);
}

function checkTarget(
  definition: ApplicationDefinition,
  target: MenuLinkTarget,
  path: PathSegment[],
  collector: ErrorCollector,
): void {
  const components = definition.components;
  /** The component the target names, reported when missing. */
  const component = (id: number): ComponentDefinition | undefined => {
    const found = components.find((candidate) => candidate.id === id);
    if (!found) collector.report([...path, 'componentId'], `unknown component ${id}`);
    return found;
  };
  /** An id of `list` in the given component, or (without one) anywhere in the application. */
  const expect = (list: IdListKey, id: number, property: string, within?: ComponentDefinition) => {
    const pool = within ? [within] : components;
    if (!pool.some((candidate) => candidate[list].some((entry) => entry.id === id))) {
      const where = within ? ` in component ${within.id}` : '';
      collector.report([...path, property], `unknown ${LABELS[list]} ${id}${where}`);
    }
  };
  switch (target.kind) {
    case 'list': {
      const found = component(target.componentId);
      if (!found) return;
      expect('forms', target.formId, 'formId', found);
      expect('queries', target.queryId, 'queryId', found);
      expect('listViews', target.viewId, 'viewId', found);
      return;
    }
    case 'insertItem':
    case 'editItem': {
      const found = component(target.componentId);
      if (found) expect('forms', target.formId, 'formId', found);
      return;
    }
    case 'listProject':
      component(target.componentId);
      return;
    case 'kanban':
      expect('kanbanViews', target.viewId, 'viewId');
      return;
    case 'schedule':
      expect('scheduleViews', target.viewId, 'viewId');
      return;
    case 'report':
      expect('reports', target.reportId, 'reportId');
      return;
    case 'repository':
      // The two forms must be a declared repository's (validate-repositories.ts), not any two forms.
      if (!repositoryOfForms(definition, target.fileFormId, target.folderFormId))
        collector.report(
          [...path, 'fileFormId'],
          `no repository has file form ${target.fileFormId} and folder form ${target.folderFormId}`,
        );
      return;
    case 'repositories':
    case 'repositoryView':
      if (definition.repositories.length === 0)
        collector.report([...path, 'kind'], 'the application declares no repository');
      return;
    case 'operation':
      if (!definition.operations.some((operation) => operation.id === target.operationId))
        collector.report([...path, 'operationId'], `unknown operation ${target.operationId}`);
      return;
    case 'calendar':
      if (!components.some((candidate) => candidate.calendarViews.length > 0)) {
        collector.report([...path, 'kind'], 'the application has no calendar view');
      }
      return;
    // These name nothing the definition holds.
    case 'project':
    case 'resourcesList':
    case 'closeMonthList':
    case 'myTimesheet':
    case 'timesheetList':
    case 'pendingWork':
    case 'publicPath':
    case 'externalUrl':
      return;
    default:
      assertNever(target);
  }
}
