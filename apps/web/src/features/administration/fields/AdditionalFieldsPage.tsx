import type { AdditionalField } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../shared/AdminTable.tsx';
import { useNotify } from '../shared/useNotify.ts';
import {
  useAdditionalFieldList,
  useReloadAdditionalFields,
  useRemoveAdditionalField,
} from './additionalFieldQueries.ts';
import { BLANK, type Draft, FieldDialog } from './FieldDialog.tsx';

/** Additional fields (/administration/additionalFields): definitions per entity, CRUD. */
export function AdditionalFieldsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<AdditionalField | null>(null);
  const query = useAdditionalFieldList();
  const reload = useReloadAdditionalFields();
  const remove = useRemoveAdditionalField({
    onSuccess: () => notify.success(t('admin.fields.removed')),
    onError: notify.error,
  });
  const columns = useMemo<AdminColumn<AdditionalField>[]>(
    () => [
      {
        id: 'entity',
        label: t('admin.fields.entity'),
        value: (r) => t(`admin.fields.entities.${r.entity}`),
        filterable: true,
        sortable: true,
      },
      { id: 'name', label: t('admin.fields.name'), value: (r) => r.name, filterable: true, sortable: true },
      {
        id: 'label',
        label: t('admin.fields.label'),
        value: (r) => (i18n.language === 'en' ? r.labelEn : r.labelPtBr),
        filterable: true,
      },
      { id: 'type', label: t('admin.fields.type'), value: (r) => t(`admin.fields.types.${r.type}`) },
      {
        id: 'required',
        label: t('admin.fields.required'),
        value: (r) => (r.required ? t('messages.yes') : t('messages.no')),
      },
      {
        id: 'actions',
        label: t('admin.actions'),
        value: () => '',
        render: (r) => (
          <Tooltip title={t('admin.remove')}>
            <IconButton
              aria-label={`${t('admin.remove')} ${r.name}`}
              onClick={(event) => {
                event.stopPropagation();
                setRemoving(r);
              }}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, i18n.language],
  );
  const title = t('admin.fields.title');
  return (
    <AdminPage
      title={title}
      busy={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(BLANK)}>
          {t('admin.fields.new')}
        </Button>
      }
    >
      <AdminTable
        label={title}
        testId="fields-table"
        rows={query.data ?? []}
        columns={columns}
        getRowId={(r) => r.id}
        onOpen={(r) => setEditing({ ...r })}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.fields.removeTitle')}
        text={t('admin.fields.confirmRemove', { name: removing?.name ?? '' })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
      {editing && (
        <FieldDialog
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify.success(t('admin.fields.saved'));
            void reload();
          }}
        />
      )}
    </AdminPage>
  );
}
