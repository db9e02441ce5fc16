import {
  ADDITIONAL_FIELD_ENTITIES,
  ADDITIONAL_FIELD_TYPES,
  type AdditionalField,
  type AdditionalFieldSaveBody,
  adminAdditionalFieldRoutes,
} from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { ConfirmDialog } from '../../messages/ConfirmDialog.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../shared/AdminTable.tsx';
import { useNotify } from '../shared/useNotify.ts';

const KEY = ['admin', 'additionalFields'] as const;
type Draft = Required<Omit<AdditionalFieldSaveBody, 'id'>> & { id: number };

const BLANK: Draft = {
  id: 0,
  entity: 'permissionario',
  name: '',
  labelPtBr: '',
  labelEn: '',
  type: 'STRING',
  required: false,
  options: [],
  position: 0,
  active: true,
};

function FieldDialog({
  initial,
  onClose,
  onSaved,
}: {
  initial: Draft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const save = useMutation({
    mutationFn: () => apiCall(adminAdditionalFieldRoutes.save, { body: draft }),
    onSuccess: onSaved,
    onError: (cause) => {
      const status = (cause as { status?: number }).status;
      if (status === 400 || status === 409) setError(getErrorMessage(cause));
      else notify.error(cause);
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {draft.id ? t('admin.fields.editTitle') : t('admin.fields.newTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          {error && (
            <Typography color="error" role="alert">
              {error}
            </Typography>
          )}
          <TextField
            select
            label={t('admin.fields.entity')}
            value={draft.entity}
            onChange={(e) => set('entity', e.target.value as Draft['entity'])}
          >
            {ADDITIONAL_FIELD_ENTITIES.map((entity) => (
              <MenuItem key={entity} value={entity}>
                {t(`admin.fields.entities.${entity}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('admin.fields.name')}
            required
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label={t('admin.fields.labelPtBr')}
            required
            value={draft.labelPtBr}
            onChange={(e) => set('labelPtBr', e.target.value)}
          />
          <TextField
            label={t('admin.fields.labelEn')}
            required
            value={draft.labelEn}
            onChange={(e) => set('labelEn', e.target.value)}
          />
          <TextField
            select
            label={t('admin.fields.type')}
            value={draft.type}
            onChange={(e) => set('type', e.target.value as Draft['type'])}
          >
            {ADDITIONAL_FIELD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`admin.fields.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('admin.fields.position')}
            value={draft.position}
            onChange={(e) => set('position', Number(e.target.value))}
          />
          <FormControlLabel
            control={
              <Checkbox checked={draft.required} onChange={(e) => set('required', e.target.checked)} />
            }
            label={t('admin.fields.required')}
          />
          <FormControlLabel
            control={<Checkbox checked={draft.active} onChange={(e) => set('active', e.target.checked)} />}
            label={t('admin.fields.active')}
          />
          {draft.type === 'PICKLIST' && (
            <Box>
              <Typography component="h3" variant="subtitle1">
                {t('admin.fields.options')}
              </Typography>
              {draft.options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity besides their position
                <Box key={index} sx={{ display: 'flex', gap: 1, my: 1 }}>
                  <TextField
                    size="small"
                    label={t('admin.fields.optionValue')}
                    value={option.value}
                    onChange={(e) =>
                      set(
                        'options',
                        draft.options.map((o, i) => (i === index ? { ...o, value: e.target.value } : o)),
                      )
                    }
                  />
                  <TextField
                    size="small"
                    label={t('admin.fields.optionText')}
                    value={option.text}
                    onChange={(e) =>
                      set(
                        'options',
                        draft.options.map((o, i) => (i === index ? { ...o, text: e.target.value } : o)),
                      )
                    }
                  />
                  <IconButton
                    aria-label={t('admin.fields.removeOption', { index: index + 1 })}
                    onClick={() =>
                      set(
                        'options',
                        draft.options.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => set('options', [...draft.options, { value: '', text: '' }])}
              >
                {t('admin.fields.addOption')}
              </Button>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Additional fields (/administration/additionalFields): definitions per entity, CRUD. */
export function AdditionalFieldsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<AdditionalField | null>(null);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall(adminAdditionalFieldRoutes.list, { query: {}, signal }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });
  const remove = useMutation({
    mutationFn: (id: number) => apiCall(adminAdditionalFieldRoutes.delete, { body: { id } }),
    onSuccess: () => {
      notify.success(t('admin.fields.removed'));
      void reload();
    },
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
