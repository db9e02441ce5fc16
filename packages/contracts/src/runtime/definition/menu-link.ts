import { assertNever } from '../../common/route.ts';
import type { MenuLinkTarget } from './menu.ts';

const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * The path a menu target opens: `/runtime/{appID}/...` for the sub-routes of spec §2.9 (title URL-encoded),
 * the path itself for a public path (relative to the portal's PUBLIC_URL), and the URL for an external link.
 */
export function menuLinkPath(appId: number, target: MenuLinkTarget): string {
  const runtime = (...parts: Array<string | number>) => `/runtime/${appId}/${parts.map(segment).join('/')}`;
  switch (target.kind) {
    case 'list':
      return runtime('list', target.componentId, target.formId, target.queryId, target.viewId, target.title);
    case 'listProject':
      return runtime('listProject', target.componentId, target.projectId, target.title);
    case 'project':
      return runtime('project', target.projectId, target.title);
    case 'insertItem':
      return runtime('insertItem', target.componentId, target.projectId, target.formId);
    case 'editItem':
      return runtime('editItem', target.componentId, target.itemId, target.formId);
    case 'kanban':
    case 'schedule':
      return runtime(target.kind, target.viewId, target.title);
    case 'report':
      return runtime('report', target.reportId, target.title);
    case 'operation':
      return runtime('operation', target.operationId, target.title);
    case 'repository':
      return runtime('repository', target.projectId, target.fileFormId, target.folderFormId, target.title);
    case 'calendar':
    case 'repositories':
    case 'repositoryView':
    case 'resourcesList':
    case 'closeMonthList':
    case 'myTimesheet':
    case 'timesheetList':
      return runtime(target.kind, target.title);
    case 'pendingWork':
      return runtime('pendingWork');
    case 'publicPath':
      return target.path;
    case 'externalUrl':
      return target.url;
    default:
      return assertNever(target);
  }
}

/** True when the target leaves the runtime shell (opened in a new tab). */
export function opensInNewTab(target: MenuLinkTarget): boolean {
  return target.kind === 'publicPath' || target.kind === 'externalUrl';
}
