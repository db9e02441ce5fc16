import { type AdminUserRow, adminUserRoutes } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { useSettings } from '../../../app/SettingsContext.ts';
import { ConfirmDialog } from '../../messages/ConfirmDialog.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { type AdminColumn, AdminTable, AvatarName } from '../shared/AdminTable.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { UserFormDialog } from './UserFormDialog.tsx';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;
/** Spec §2.11 / §9: no paging, page size 100, body height = screen height − 232 px. */
export const USER_LIST_PAGE_SIZE = 100;
export const USER_LIST_BODY_HEIGHT = 'calc(100vh - 232px)';

/** The user list of spec §2.11. */
export function UsersPage() {
  const { t } = useTranslation();
  const { brand } = useSettings();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: ({ signal }) => apiCall(adminUserRoutes.getUsers, { signal }),
    retry: false,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
  const remove = useMutation({
    mutationFn: (ids: number[]) => apiCall(adminUserRoutes.deleteUsers, { body: { ids } }),
    onSuccess: (result) => {
      notify.success(result.message);
      setSelected([]);
      void reload();
    },
    onError: notify.error,
  });

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

  const title = t('admin.users.title', { brand });
  return (
    <AdminPage
      title={title}
      section={t('admin.menu.users')}
      busy={query.isFetching || remove.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
          {t('admin.users.new')}
        </Button>
      }
    >
      <AdminTable
        label={title}
        testId="users-table"
        rows={query.data ?? []}
        columns={columns}
        getRowId={(row) => row.id}
        initialSort={{ id: 'name', direction: 'asc' }}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        onOpen={(row) => setEditing(row.id)}
        bodyHeight={USER_LIST_BODY_HEIGHT}
        toolbarActions={
          <>
            <Tooltip title={t('admin.edit')}>
              <span>
                <IconButton
                  aria-label={t('admin.edit')}
                  disabled={selected.length !== 1}
                  onClick={() => setEditing(selected[0] ?? null)}
                >
                  <EditIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('admin.remove')}>
              <span>
                <IconButton
                  aria-label={t('admin.remove')}
                  disabled={selected.length === 0 || remove.isPending}
                  onClick={() => setConfirming(true)}
                >
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('admin.users.removeTitle')}
        text={t('admin.users.confirmRemove')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(selected);
        }}
      />
      {editing !== null && (
        <UserFormDialog
          userId={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            notify.success(message);
            void reload();
          }}
        />
      )}
    </AdminPage>
  );
}
