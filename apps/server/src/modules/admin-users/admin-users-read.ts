import {
  type AdminUserEdit,
  type AdminUserRow,
  AUTO_TIMESHEET_TYPES,
  type Language,
  TIMESHEET_TYPES,
  type UserFormInitialData,
} from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AdminUsersDeps } from './admin-users-deps.ts';
import { asOption, timesheetOptions } from './timesheet-options.ts';

/** The form of a new user (UserId 0). */
const NEW_USER: AdminUserEdit = {
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
};

/** The user list and the user form's data. */
export function createAdminUsersRead({ db, repo }: Pick<AdminUsersDeps, 'db' | 'repo'>) {
  return {
    async listUsers(): Promise<AdminUserRow[]> {
      const rows = await repo.listUsers(db);
      return rows.map(({ disabled, ...row }) => ({ ...row, active: !disabled }));
    },

    async getFormInitialData(language: Language): Promise<UserFormInitialData> {
      const [companies, groups] = await Promise.all([repo.listCompanyOptions(db), repo.listGroupOptions(db)]);
      return { companies, groups, ...timesheetOptions(language) };
    },

    async getUserToEdit(userId: number): Promise<AdminUserEdit> {
      if (userId === 0) return structuredClone(NEW_USER);
      const user = await repo.findUser(db, userId);
      if (!user) throw new AppError('NOT_FOUND');
      return {
        id: user.id,
        name: user.name,
        login: user.login,
        email: user.email,
        avatar: user.avatar,
        companyId: user.companyId,
        groupIds: await repo.listGroupIds(db, userId),
        active: !user.disabled,
        isAdministrator: user.isAdministrator,
        hasPanelAdminPermission: user.hasPanelAdminPermission,
        hasChangePasswordPermission: user.hasChangePasswordPermission,
        timesheetType: asOption(TIMESHEET_TYPES, user.timesheetType),
        autoTimesheetType: asOption(AUTO_TIMESHEET_TYPES, user.autoTimesheetType),
        calendar: { workPeriods: await repo.listWorkPeriods(db, userId) },
        additionalFields: user.additionalFields,
        version: user.version,
      };
    },
  };
}
