import type { Application, MenuItem } from '@der/contracts';
import { lazy, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { NotFoundPage } from '../platform/pages/NotFoundPage.tsx';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { AdminForbiddenPage } from './AdminForbiddenPage.tsx';
import { canAdministrate } from './adminAccess.ts';
import {
  ADMIN_ROUTE_PATHS,
  ADMIN_SECTIONS,
  type AdminSection,
  adminMenuLink,
  PLAN_TITLE,
} from './adminPaths.ts';

const UsersPage = lazy(() => import('./users/UsersPage.tsx').then((m) => ({ default: m.UsersPage })));
const GroupsPage = lazy(() => import('./groups/GroupsPage.tsx').then((m) => ({ default: m.GroupsPage })));
const CompaniesPage = lazy(() =>
  import('./companies/CompaniesPage.tsx').then((m) => ({ default: m.CompaniesPage })),
);
const OrganizationPage = lazy(() =>
  import('./organization/OrganizationPage.tsx').then((m) => ({ default: m.OrganizationPage })),
);
const WorkCalendarsPage = lazy(() =>
  import('./calendars/WorkCalendarsPage.tsx').then((m) => ({ default: m.WorkCalendarsPage })),
);
const AuditLogPage = lazy(() =>
  import('./audit/AuditLogPage.tsx').then((m) => ({ default: m.AuditLogPage })),
);
const AdditionalFieldsPage = lazy(() =>
  import('./fields/AdditionalFieldsPage.tsx').then((m) => ({ default: m.AdditionalFieldsPage })),
);
const EmailServerPage = lazy(() =>
  import('./email/EmailServerPage.tsx').then((m) => ({ default: m.EmailServerPage })),
);
const PlatformSettingsPage = lazy(() =>
  import('./settings/PlatformSettingsPage.tsx').then((m) => ({ default: m.PlatformSettingsPage })),
);
const DefinitionsPage = lazy(() =>
  import('./definitions/DefinitionsPage.tsx').then((m) => ({ default: m.DefinitionsPage })),
);
const PlanPage = lazy(() => import('./plan/PlanPage.tsx').then((m) => ({ default: m.PlanPage })));

const SECTION_ICONS: Record<AdminSection, string> = {
  plan: 'dashboard',
  groups: 'group',
  users: 'person',
  companies: 'business',
  organization: 'account_tree',
  calendars: 'calendar_month',
  log: 'receipt_long',
  additionalFields: 'checklist',
  emailServer: 'inbox',
  definitions: 'description',
  settings: 'settings',
};

const SECTION_PAGES: Record<Exclude<AdminSection, 'plan'>, ReactNode> = {
  groups: <GroupsPage />,
  users: <UsersPage />,
  companies: <CompaniesPage />,
  organization: <OrganizationPage />,
  calendars: <WorkCalendarsPage />,
  log: <AuditLogPage />,
  additionalFields: <AdditionalFieldsPage />,
  emailServer: <EmailServerPage />,
  definitions: <DefinitionsPage />,
  settings: <PlatformSettingsPage />,
};

/** The side menu of spec §2.11, as menu items of the runtime shell (absolute links stay as they are). */
export function buildAdminMenu(label: (section: AdminSection) => string): MenuItem[] {
  return ADMIN_SECTIONS.map((section) => ({
    key: `admin-${section}`,
    keyParent: null,
    name: label(section),
    link: adminMenuLink(section, label(section)),
    icon: SECTION_ICONS[section],
    isFontAwesome: false,
    imageContent: '',
    badge: null,
    title: false,
    child: [],
    multilevel: false,
  }));
}

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={PLAN_TITLE} replace /> },
  ...Object.entries(ADMIN_ROUTE_PATHS).flatMap(([section, paths]) =>
    paths.map((path) => ({
      path,
      // One key per section: moving between a section's aliases keeps the page mounted.
      element: (
        <SectionPage key={section}>{SECTION_PAGES[section as Exclude<AdminSection, 'plan'>]}</SectionPage>
      ),
    })),
  ),
  // Spec §2.11: /administration/{title} is the contracted plan page (/administration/Plano Contratado).
  { path: ':title', element: <PlanPage /> },
  { path: '*', element: <NotFoundPage /> },
];

function SectionPage({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function AdminRoutes() {
  return useRoutes(adminRoutes);
}

/**
 * The administration area (/administration/*, spec §2.11): refused with a 403 page without the administration
 * permission; otherwise the runtime shell's frame (top bar, side menu, transitions) with the area's menu.
 */
export function AdministrationArea() {
  const { t } = useTranslation();
  const [allowed] = useState(() => canAdministrate());
  const title = t('screens.administration');
  const application = useMemo<Application>(
    () => ({
      id: 0,
      name: title,
      iconName: 'settings',
      isFontAwesomeIcon: false,
      imageContent: '',
      displayOnToolbar: false,
      urlBehavior: false,
      urlLink: '',
      appVersion: '',
      collapsedMenu: false,
      htmlScripts: '',
    }),
    [title],
  );
  const menu = useMemo(() => buildAdminMenu((section) => t(`admin.menu.${section}`)), [t]);

  if (!allowed) return <AdminForbiddenPage />;
  return (
    <ShellLayout application={application} menu={menu} appId="administration">
      <AdminRoutes />
    </ShellLayout>
  );
}
