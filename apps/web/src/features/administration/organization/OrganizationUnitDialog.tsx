import {
  type OrganizationalUnit,
  organizationalUnitLabel,
  SaveOrganizationalUnitBodySchema,
} from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { FormTextField } from '../../accounts/RegistrationFields.tsx';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import { AdminFormDialog } from '../shared/AdminFormDialog.tsx';
import { useShowSaveRefusal } from '../shared/useShowSaveRefusal.ts';
import { useSaveOrganizationalUnit } from './organizationQueries.ts';
import { selfAndDescendants, treeOrder } from './organizationTree.ts';

type UnitForm = z.input<typeof SaveOrganizationalUnitBodySchema>;
type UnitOutput = z.output<typeof SaveOrganizationalUnitBodySchema>;

/** The fields a server 400 may name. */
const UNIT_FIELDS = ['name', 'acronym', 'parentId'] as const;
/** The select's value for "no parent" (a select cannot hold null). */
const NO_PARENT = '';

/** What the dialog edits: an existing unit, or a new one (optionally under a given parent). */
export type UnitDraft = { unit: OrganizationalUnit } | { parentId: number | null };

function toForm(draft: UnitDraft): UnitForm {
  if ('unit' in draft) {
    const { id, name, acronym, parentId, active, version } = draft.unit;
    return { id, name, acronym, parentId, active, version };
  }
  return { id: 0, name: '', acronym: '', parentId: draft.parentId, active: true, version: 0 };
}

/** Create or change a unit: name, sigla, parent (never itself or a unit below it) and whether it is offered. */
export function OrganizationUnitDialog({
  draft,
  units,
  onClose,
  onSaved,
}: {
  draft: UnitDraft;
  units: readonly OrganizationalUnit[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const showRefusal = useShowSaveRefusal();
  const editing = 'unit' in draft;
  const { control, setError, handleSubmit } = useForm<UnitForm, unknown, UnitOutput>({
    resolver: zodResolver(SaveOrganizationalUnitBodySchema),
    mode: 'onTouched',
    defaultValues: toForm(draft),
  });
  const [formError, setFormError] = useState<string | null>(null);
  // The server refuses these parents too (400 naming parentId); the list just does not offer them.
  const parents = useMemo(() => {
    const excluded = editing ? selfAndDescendants(units, draft.unit.id) : new Set<number>();
    return treeOrder(units).filter(({ node }) => !excluded.has(node.id));
  }, [units, editing, draft]);

  const save = useSaveOrganizationalUnit({
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setFormError(getErrorMessage(error));
        return;
      }
      showRefusal(error, setError as never, UNIT_FIELDS);
    },
  });

  return (
    <AdminFormDialog
      title={editing ? t('admin.organization.editTitle') : t('admin.organization.newTitle')}
      notice={
        formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )
      }
      loading={false}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      onClose={onClose}
      saveDisabled={save.isPending}
    >
      <FormTextField control={control} name="name" label={t('admin.organization.name')} required autoFocus />
      <FormTextField
        control={control}
        name="acronym"
        label={t('admin.organization.acronym')}
        transform={(value) => value.toLocaleUpperCase('pt-BR')}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      <Controller
        control={control}
        name="parentId"
        render={({ field, fieldState }) => (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={field.value == null ? NO_PARENT : String(field.value)}
            onChange={(event) =>
              field.onChange(event.target.value === NO_PARENT ? null : Number(event.target.value))
            }
            onBlur={field.onBlur}
            label={t('admin.organization.parent')}
            error={Boolean(fieldState.error)}
            helperText={translateFieldError(t, fieldState.error?.message)}
          >
            <MenuItem value={NO_PARENT}>
              <em>{t('admin.organization.noParent')}</em>
            </MenuItem>
            {parents.map(({ node, depth }) => (
              <MenuItem key={node.id} value={String(node.id)} sx={{ pl: 2 + depth * 2 }}>
                {organizationalUnitLabel(node)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={t('admin.organization.active')}
          />
        )}
      />
    </AdminFormDialog>
  );
}
