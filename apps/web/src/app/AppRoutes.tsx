import { PUBLIC_WEB_ROUTES, RUNTIME_SUB_ROUTES, SESSION_WEB_ROUTES } from '@der/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { BULK_JOBS_ROUTE } from '../features/runtime/bulk/bulkPaths.ts';
import { SessionGuard } from '../features/session/SessionGuard.tsx';
import { lazyWithPreload } from './lazyWithPreload.tsx';
import { useSettings } from './SettingsContext.ts';
import { LoadingScreen } from './SettingsGate.tsx';

const MaintenancePage = lazy(() =>
  import('../features/platform/pages/MaintenancePage.tsx').then((m) => ({ default: m.MaintenancePage })),
);
const NotFoundPage = lazy(() =>
  import('../features/platform/pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);

const LoginPage = lazy(() =>
  import('../features/auth/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const NewPasswordPage = lazy(() =>
  import('../features/auth/NewPasswordPage.tsx').then((m) => ({ default: m.NewPasswordPage })),
);
const EnableMfaPage = lazy(() =>
  import('../features/auth/MfaPages.tsx').then((m) => ({ default: m.EnableMfaPage })),
);
const ValidateMfaPage = lazy(() =>
  import('../features/auth/MfaPages.tsx').then((m) => ({ default: m.ValidateMfaPage })),
);
const RegisterPermissionarioPage = lazy(() =>
  import('../features/accounts/RegisterPermissionarioPage.tsx').then((m) => ({
    default: m.RegisterPermissionarioPage,
  })),
);
const RegisterRequerentePage = lazy(() =>
  import('../features/accounts/RegisterRequerentePage.tsx').then((m) => ({
    default: m.RegisterRequerentePage,
  })),
);
const ActivateAccountPage = lazy(() =>
  import('../features/accounts/ActivateAccountPage.tsx').then((m) => ({ default: m.ActivateAccountPage })),
);
const ValidarAetPage = lazy(() =>
  import('../features/aet-validation/ValidarAetPage.tsx').then((m) => ({ default: m.ValidarAetPage })),
);
const ValidarDocumentoPage = lazy(() =>
  import('../features/document-validation/ValidarDocumentoPage.tsx').then((m) => ({
    default: m.ValidarDocumentoPage,
  })),
);
const AppsPage = lazy(() => import('../features/apps/AppsPage.tsx').then((m) => ({ default: m.AppsPage })));
/** Preloadable: app/routePreload.ts starts them on arrival at a runtime page. */
export const RuntimeShell = lazyWithPreload(() =>
  import('../features/shell/RuntimeShell.tsx').then((m) => m.RuntimeShell),
);
const RuntimeHome = lazy(() =>
  import('../features/shell/RuntimePages.tsx').then((m) => ({ default: m.RuntimeHome })),
);
const RuntimeListPage = lazy(() =>
  import('../features/runtime/pages/RuntimeListPage.tsx').then((m) => ({ default: m.RuntimeListPage })),
);
const RuntimeListProjectPage = lazy(() =>
  import('../features/runtime/pages/RuntimeListPage.tsx').then((m) => ({
    default: m.RuntimeListProjectPage,
  })),
);
const RuntimeProjectPage = lazy(() =>
  import('../features/runtime/pages/RuntimeProjectPage.tsx').then((m) => ({
    default: m.RuntimeProjectPage,
  })),
);
const ViewerPage = lazy(() =>
  import('../features/shell/ViewerFrame.tsx').then((m) => ({ default: m.ViewerPage })),
);
const PrintLayoutPage = lazy(() =>
  import('../features/print-layouts/PrintLayoutPage.tsx').then((m) => ({ default: m.PrintLayoutPage })),
);
const ReportViewerPage = lazy(() =>
  import('../features/reports/pages/ReportViewerPage.tsx').then((m) => ({ default: m.ReportViewerPage })),
);
const RuntimeReportFrame = lazy(() =>
  import('../features/shell/ViewerFrame.tsx').then((m) => ({ default: m.RuntimeReportFrame })),
);
const InsertItemRoute = lazy(() =>
  import('../features/runtime/forms/ItemFormRoutes.tsx').then((m) => ({ default: m.InsertItemRoute })),
);
const EditItemRoute = lazy(() =>
  import('../features/runtime/forms/ItemFormRoutes.tsx').then((m) => ({ default: m.EditItemRoute })),
);
const OperationPage = lazy(() =>
  import('../features/runtime/forms/OperationPage.tsx').then((m) => ({ default: m.OperationPage })),
);
const PendingWorkPage = lazy(() =>
  import('../features/runtime/workflow/PendingWorkPage.tsx').then((m) => ({ default: m.PendingWorkPage })),
);
export const KanbanPage = lazyWithPreload(() =>
  import('../features/runtime/kanban/KanbanPage.tsx').then((m) => m.KanbanPage),
);
const KanbanRoute = lazy(() =>
  import('../features/runtime/kanban/KanbanRoute.tsx').then((m) => ({ default: m.KanbanRoute })),
);
export const AppCalendarPage = lazyWithPreload(() =>
  import('../features/runtime/calendar/AppCalendarPage.tsx').then((m) => m.AppCalendarPage),
);
const MyTimesheetPage = lazy(() =>
  import('../features/runtime/timesheets/MyTimesheetPage.tsx').then((m) => ({ default: m.MyTimesheetPage })),
);
const TimesheetListPage = lazy(() =>
  import('../features/runtime/timesheets/TimesheetListPage.tsx').then((m) => ({
    default: m.TimesheetListPage,
  })),
);
const CloseMonthListPage = lazy(() =>
  import('../features/runtime/timesheets/CloseMonthListPage.tsx').then((m) => ({
    default: m.CloseMonthListPage,
  })),
);
export const SchedulePage = lazyWithPreload(() =>
  import('../features/runtime/schedule/SchedulePage.tsx').then((m) => m.SchedulePage),
);
const RepositoriesPage = lazy(() =>
  import('../features/runtime/repositories/RepositoriesPage.tsx').then((m) => ({
    default: m.RepositoriesPage,
  })),
);
const RepositoryPage = lazy(() =>
  import('../features/runtime/repositories/RepositoryPage.tsx').then((m) => ({ default: m.RepositoryPage })),
);
const RepositoryViewPage = lazy(() =>
  import('../features/runtime/repositories/RepositoryViewPage.tsx').then((m) => ({
    default: m.RepositoryViewPage,
  })),
);
const ResourcesPage = lazy(() =>
  import('../features/runtime/resources/ResourcesPage.tsx').then((m) => ({ default: m.ResourcesPage })),
);
const BulkJobsPage = lazy(() =>
  import('../features/runtime/bulk/BulkJobsPage.tsx').then((m) => ({ default: m.BulkJobsPage })),
);
const AdministrationArea = lazy(() =>
  import('../features/administration/AdministrationArea.tsx').then((m) => ({
    default: m.AdministrationArea,
  })),
);

/** Built screens; each one is keyed so that moving between two routes of the same component remounts it. */
const PUBLIC_PAGES: Record<Exclude<keyof typeof PUBLIC_WEB_ROUTES, 'maintenance'>, ReactNode> = {
  login: <LoginPage key="general" portal="general" />,
  loginFaixaDeDominio: <LoginPage key="faixa" portal="faixa" />,
  loginAet: <LoginPage key="aet" portal="aet" />,
  registerPermissionario: <RegisterPermissionarioPage />,
  registerRequerente: <RegisterRequerentePage />,
  activate: <ActivateAccountPage key="permissionario" kind="permissionario" />,
  activateRequerente: <ActivateAccountPage key="requerente" kind="requerente" />,
  validarAet: <ValidarAetPage />,
  validarDocumento: <ValidarDocumentoPage />,
  resetPassword: <ResetPasswordPage />,
  newPassword: <NewPasswordPage />,
};

/**
 * The session screens (spec §2.8 chooser, §2.9 / §7.7 viewer frames). Every session route has its page: a new
 * route constant without one is a compile error here (the MFA pages, the administration area and the runtime
 * shell are routed on their own below).
 */
const SESSION_PAGES = {
  apps: <AppsPage />,
  insertItem: <InsertItemRoute />,
  editItem: <EditItemRoute />,
  kanban: <KanbanRoute />,
  report: <ViewerPage key="report" viewer="reportviewer" />,
  reportLegacy: <ViewerPage key="report" viewer="reportviewer" />,
  reportViewer: <ReportViewerPage />,
  printLayout: <PrintLayoutPage />,
  printLayoutLegacy: <PrintLayoutPage />,
  // The runtime without an application (spec §2.1 '/runtime (exact)'): the chooser of the user's applications.
  runtime: <Navigate to={SESSION_WEB_ROUTES.apps} replace />,
} satisfies Record<
  Exclude<keyof typeof SESSION_WEB_ROUTES, 'runtimeApp' | 'enableMfa' | 'validateMfa' | 'administration'>,
  ReactNode
>;

/** Every runtime screen's page (spec §2.9): a new sub-route without one is a compile error here. */
const RUNTIME_PAGES: Record<Exclude<keyof typeof RUNTIME_SUB_ROUTES, 'report' | 'pendingWork'>, ReactNode> = {
  list: <RuntimeListPage />,
  listProject: <RuntimeListProjectPage />,
  project: <RuntimeProjectPage />,
  insertItem: <InsertItemRoute />,
  editItem: <EditItemRoute />,
  operation: <OperationPage />,
  kanban: <KanbanPage />,
  calendar: <AppCalendarPage />,
  schedule: <SchedulePage />,
  myTimesheet: <MyTimesheetPage />,
  timesheetList: <TimesheetListPage />,
  closeMonthList: <CloseMonthListPage />,
  repositories: <RepositoriesPage />,
  repository: <RepositoryPage />,
  repositoryView: <RepositoryViewPage />,
  resourcesList: <ResourcesPage />,
};

function entries<K extends string, V>(record: Record<K, V>): [K, V][] {
  return Object.entries(record) as [K, V][];
}

/** The route table of spec §2.1 and §2.9, split into public and session (guarded) routes. */
export const appRouteObjects: RouteObject[] = [
  { path: PUBLIC_WEB_ROUTES.maintenance, element: <MaintenancePage /> },
  ...entries(PUBLIC_PAGES).map(([name, element]) => ({ path: PUBLIC_WEB_ROUTES[name], element })),
  {
    element: <SessionGuard />,
    children: [
      { path: SESSION_WEB_ROUTES.enableMfa, element: <EnableMfaPage /> },
      { path: SESSION_WEB_ROUTES.validateMfa, element: <ValidateMfaPage /> },
      ...entries(SESSION_PAGES).map(([name, element]) => ({ path: SESSION_WEB_ROUTES[name], element })),
      // The administration area (spec §2.11): its own guard, shell and nested routes.
      { path: SESSION_WEB_ROUTES.administration, element: <AdministrationArea /> },
      {
        // Nested routes hang off the shell's path without its trailing splat.
        path: SESSION_WEB_ROUTES.runtimeApp.replace(/\/\*$/, ''),
        // The runtime shell (spec §2.9): its screens render in the shell's content area.
        element: <RuntimeShell />,
        children: [
          { index: true, element: <RuntimeHome /> },
          { path: RUNTIME_SUB_ROUTES.report, element: <RuntimeReportFrame /> },
          ...entries(RUNTIME_PAGES).map(([name, element]) => ({ path: RUNTIME_SUB_ROUTES[name], element })),
          { path: RUNTIME_SUB_ROUTES.pendingWork, element: <PendingWorkPage /> },
          { path: BULK_JOBS_ROUTE, element: <BulkJobsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

function RouteTable() {
  return useRoutes(appRouteObjects);
}

/** Maintenance (spec §2.1) switches every path to the maintenance page. */
export function AppRoutes() {
  const settings = useSettings();
  const { pathname } = useLocation();
  const inMaintenance = settings.maintenance;
  if (inMaintenance && pathname !== PUBLIC_WEB_ROUTES.maintenance) {
    return <Navigate to={PUBLIC_WEB_ROUTES.maintenance} replace />;
  }
  return (
    <Suspense fallback={<LoadingScreen />}>{inMaintenance ? <MaintenancePage /> : <RouteTable />}</Suspense>
  );
}
