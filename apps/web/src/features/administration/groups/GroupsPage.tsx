import { type AdminGroupRow, adminGroupRoutes } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { ConfirmDialog } from '../../messages/ConfirmDialog.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../shared/AdminTable.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { GroupDialog } from './GroupDialog.tsx';

export const ADMIN_GROUPS_QUERY_KEY = ['admin', 'groups'] as const;

/** The groups page of spec §2.11: one filterable column 'Nome'; create, rename, members, applications, delete. */
export function GroupsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: ADMIN_GROUPS_QUERY_KEY,
    queryFn: ({ signal }) => apiCall(adminGroupRoutes.getGroups, { signal }),
    retry: false,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ADMIN_GROUPS_QUERY_KEY });
  const remove = useMutation({
    mutationFn: (ids: number[]) => apiCall(adminGroupRoutes.deleteGroups, { body: { ids } }),
    onSuccess: (result) => {
      notify.success(result.message);
      setSelected([]);
      void reload();
    },
    onError: notify.error,
  });
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
  const title = t('admin.groups.title');
  return (
    <AdminPage
      title={title}
      busy={query.isFetching || remove.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
          {t('admin.groups.new')}
        </Button>
      }
    >
      <AdminTable
        label={title}
        testId="groups-table"
        rows={query.data ?? []}
        columns={columns}
        getRowId={(row) => row.id}
        initialSort={{ id: 'name', direction: 'asc' }}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        onOpen={(row) => setEditing(row.id)}
        toolbarActions={
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
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('admin.groups.removeTitle')}
        text={t('admin.groups.confirmRemove')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(selected);
        }}
      />
      {editing !== null && (
        <GroupDialog
          groupId={editing}
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
