/**
 * The browser routes of spec §2.1 and §2.9, shared by the web router and by the server, which answers HTTP 404
 * (with the SPA, which then shows the not-found page) for any path that matches none of them.
 * Patterns use `:param` segments; `*` matches the rest of the path.
 */
export const PUBLIC_WEB_ROUTES = {
  login: '/',
  maintenance: '/maintenance',
  loginFaixaDeDominio: '/faixaDeDominio',
  loginAet: '/aet',
  registerPermissionario: '/registerPermissionario',
  registerRequerente: '/registerRequerente',
  activate: '/activate',
  activateRequerente: '/activateRequerente',
  validarAet: '/validarAET',
  /** Public check of a stamped or signed document: `/validarDocumento?uid=…` (the stamp's QR code). */
  validarDocumento: '/validarDocumento',
  resetPassword: '/reset-password',
  /** The e-mailed password-reset link: `/newPassword?token=…`. */
  newPassword: '/newPassword',
} as const;

export const SESSION_WEB_ROUTES = {
  enableMfa: '/enableMFA',
  validateMfa: '/validateMFA',
  apps: '/app',
  runtime: '/runtime',
  runtimeApp: '/runtime/:appID/*',
  administration: '/administration/*',
  report: '/report',
  reportLegacy: '/General/ReportPanel.aspx',
  /** The page the report frames load (spec §7.7: token, language and the query); the web app serves it. */
  reportViewer: '/reportviewer',
  printLayout: '/printLayout',
  printLayoutLegacy: '/General/PrintLayoutPage.aspx',
  insertItem: '/insertItem/:componentID/:projectId/:form',
  editItem: '/editItem/:componentID/:itemID/:form',
  kanban: '/kanban/:viewID/:title',
} as const;

/** Sub-routes of the runtime shell, relative to `/runtime/:appID` (spec §2.9). */
export const RUNTIME_SUB_ROUTES = {
  report: 'report/:reportID/:title',
  list: 'list/:componentID/:form/:query/:view/:title',
  listProject: 'listProject/:componentID/:projectID/:title',
  kanban: 'kanban/:viewID/:title',
  schedule: 'schedule/:viewID/:title',
  insertItem: 'insertItem/:componentID/:projectId/:form',
  editItem: 'editItem/:componentID/:itemID/:form',
  operation: 'operation/:operationID/:title',
  repositories: 'repositories/:title',
  repository: 'repository/:projectId/:fileForm/:folderForm/:title',
  project: 'project/:projectId/:title',
  resourcesList: 'resourcesList/:title',
  closeMonthList: 'closeMonthList/:title',
  myTimesheet: 'myTimesheet/:title',
  timesheetList: 'timesheetList/:title',
  calendar: 'calendar/:title',
  repositoryView: 'repositoryView/:title',
  /** 'Minhas pendências': the items waiting on the user, their groups or who delegated to them. */
  pendingWork: 'pendingWork',
} as const;

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body.replace(/\/\.\*$/, '(?:/.*)?')}/?$`);
}

const RUNTIME_PATTERNS = [
  '/runtime/:appID',
  ...Object.values(RUNTIME_SUB_ROUTES).map((sub) => `/runtime/:appID/${sub}`),
];

const KNOWN_PATTERNS: RegExp[] = [
  ...Object.values(PUBLIC_WEB_ROUTES),
  ...Object.values(SESSION_WEB_ROUTES).filter((pattern) => pattern !== SESSION_WEB_ROUTES.runtimeApp),
  ...RUNTIME_PATTERNS,
].map(patternToRegExp);

/** True when a browser path (without query string) belongs to a route of the product. */
export function isKnownWebPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return KNOWN_PATTERNS.some((pattern) => pattern.test(decoded));
}
