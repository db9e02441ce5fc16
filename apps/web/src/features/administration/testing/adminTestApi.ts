import type { AdminUserEdit, AdminUserRow } from '@der/contracts';
import { type FakeHandler, fakeApi, json, storedSession } from '../../auth/testing/fakeApi.ts';
import { type StoredSession, writeStoredSession } from '../../session/sessionStorage.ts';

export function buildUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 1,
    name: 'Ana',
    avatar: '',
    email: 'ana@der.sp.gov.br',
    companyName: '',
    login: 'ana',
    active: true,
    kind: 'staff',
    ...overrides,
  };
}

export function buildUserEdit(overrides: Partial<AdminUserEdit> = {}): AdminUserEdit {
  return {
    id: 0,
    name: '',
    login: '',
    email: '',
    avatar: '',
    companyId: null,
    groupIds: [],
    active: true,
    isAdministrator: false,
    hasPanelAdminPermission: false,
    hasChangePasswordPermission: true,
    timesheetType: '0',
    autoTimesheetType: '0',
    calendar: { workPeriods: [] },
    additionalFields: {},
    version: 0,
    ...overrides,
  };
}

/** An administrator's session and a fake API with the shell's calls plus the given administration routes. */
export function setupAdminApi(
  routes: Record<string, FakeHandler> = {},
  session: Partial<StoredSession> = { isAdministratorLogged: true },
) {
  writeStoredSession(storedSession(session));
  return fakeApi({
    'GET /application/getAllowedApplications': () => json([]),
    'GET /message/getMessages': () => json([]),
    'GET /user/getUserFormInitialData': () =>
      json({
        companies: [{ id: 5, name: 'Transportes Beta' }],
        groups: [{ id: 7, name: 'Fiscais' }],
        timesheetTypes: [],
        autoTimesheetTypes: [],
      }),
    // No administrator-defined field unless a test defines some.
    'GET /admin/additionalFields/list': () => json([]),
    ...routes,
  });
}
