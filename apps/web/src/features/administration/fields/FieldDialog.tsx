import {
  ADDITIONAL_FIELD_ENTITIES,
  ADDITIONAL_FIELD_TYPES,
  type AdditionalFieldSaveBody,
} from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { AdminFormDialog } from '../shared/AdminFormDialog.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { useSaveAdditionalField } from './additionalFieldQueries.ts';

/** A definition being edited: id 0 for a new one. */
export type Draft = Required<Omit<AdditionalFieldSaveBody, 'id'>> & { id: number };

/** A new definition's starting values. */
export const BLANK: Draft = {
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

/** Create or change an additional field definition; a refusal (400, 409) shows its message in the dialog. */
export function FieldDialog({
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
  const [draft, setDraft] = useState<Draft>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const save = useSaveAdditionalField({
    onSuccess: onSaved,
    onError: (cause) => {
      if (cause instanceof ApiError && (cause.status === 400 || cause.status === 409)) {
        setError(getErrorMessage(cause));
      } else notify.error(cause);
    },
  });
  return (
    <AdminFormDialog
      title={draft.id ? t('admin.fields.editTitle') : t('admin.fields.newTitle')}
      notice={
        error && (
          <Typography color="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Typography>
        )
      }
      loading={false}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
      onClose={onClose}
      saveDisabled={save.isPending}
    >
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
        control={<Checkbox checked={draft.required} onChange={(e) => set('required', e.target.checked)} />}
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
    </AdminFormDialog>
  );
}
