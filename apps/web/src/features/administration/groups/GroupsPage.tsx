import type { AdminGroupRow } from '@der/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import type { AdminColumn } from '../shared/AdminTable.tsx';
import { GroupDialog } from './GroupDialog.tsx';
import { ADMIN_GROUPS } from './groupQueries.ts';

/** The groups page of spec §2.11: one filterable column 'Nome'; create, rename, members, applications, delete. */
export function GroupsPage() {
  const { t } = useTranslation();
  const columns = useMemo<AdminColumn<AdminGroupRow>[]>(
    () => [
      {
        id: 'name',
        label: t('admin.groups.name'),
        value: (row) => row.name,
        sortable: true,
        filterable: true,
      },
    ],
    [t],
  );
  return (
    <AdminListPage
      source={ADMIN_GROUPS}
      title={t('admin.groups.title')}
      testId="groups-table"
      columns={columns}
      texts="admin.groups"
      editor={GroupDialog}
    />
  );
}
