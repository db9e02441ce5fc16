import {
  adminOrganizationalUnitRoutes,
  type OrganizationalUnit,
  organizationalUnitLabel,
  type SaveOrganizationalUnitBody,
  SaveOrganizationalUnitBodySchema,
} from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { applyServerFieldErrors } from '../../accounts/applyServerFieldErrors.ts';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import { useNotify } from '../shared/useNotify.ts';
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
  const notify = useNotify();
  const titleId = useId();
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

  const save = useMutation({
    mutationFn: (body: SaveOrganizationalUnitBody) =>
      apiCall(adminOrganizationalUnitRoutes.saveOrganizationalUnit, { body }),
    onSuccess: (result) => onSaved(result.message),
    onError: (error) => {
      if ((error as { status?: number }).status === 409) {
        setFormError(getErrorMessage(error));
        return;
      }
      const applied = applyServerFieldErrors(
        error,
        (name, fieldError, options) => setError(name, fieldError, options),
        UNIT_FIELDS,
      );
      if (applied === 0) notify.error(error);
    },
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {editing ? t('admin.organization.editTitle') : t('admin.organization.newTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={handleSubmit((values) => save.mutate(values))}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                label={t('admin.organization.name')}
                required
                autoFocus
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="acronym"
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value.toLocaleUpperCase('pt-BR'))}
                onBlur={field.onBlur}
                label={t('admin.organization.acronym')}
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
                slotProps={{ htmlInput: { maxLength: 20 } }}
              />
            )}
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
