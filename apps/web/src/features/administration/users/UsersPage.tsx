import type { AdminUserRow } from '@der/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../app/SettingsContext.ts';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import { type AdminColumn, AvatarName } from '../shared/AdminTable.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { ADMIN_USERS } from './userQueries.ts';

/** Spec §2.11 / §9: no paging, body height = screen height − 232 px. */
const USER_LIST_BODY_HEIGHT = 'calc(100vh - 232px)';

/** The user list of spec §2.11. */
export function UsersPage() {
  const { t } = useTranslation();
  const { brand } = useSettings();
  const columns = useMemo<AdminColumn<AdminUserRow>[]>(
    () => [
      {
        id: 'name',
        label: t('admin.users.name'),
        value: (row) => row.name,
        render: (row) => <AvatarName name={row.name} avatar={row.avatar} />,
        sortable: true,
        filterable: true,
      },
      { id: 'email', label: t('admin.users.email'), value: (row) => row.email, filterable: true },
      { id: 'company', label: t('admin.users.company'), value: (row) => row.companyName, filterable: true },
    ],
    [t],
  );
  return (
    <AdminListPage
      source={ADMIN_USERS}
      title={t('admin.users.title', { brand })}
      section={t('admin.menu.users')}
      testId="users-table"
      columns={columns}
      bodyHeight={USER_LIST_BODY_HEIGHT}
      texts="admin.users"
      editor={UserFormDialog}
    />
  );
}
