import { adminGroupRoutes, type GroupMember } from '@der/contracts';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { useNotify } from '../shared/useNotify.ts';

type FieldErrors = Partial<Record<'name' | 'members' | 'applications', string>>;

const FIELD_OF_BODY_PATH: Record<string, keyof FieldErrors> = {
  'body.name': 'name',
  'body.memberIds': 'members',
  'body.applicationIds': 'applications',
};

/**
 * Where a refused save's message belongs: a duplicate name (409) on the name, a 400's field issues (unknown
 * member or application, invalid name) on their fields. Empty when the error concerns no field.
 */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409) return { name: getErrorMessage(error) };
  if (error.status !== 400) return {};
  const details = (error.body as { details?: unknown } | undefined)?.details;
  const found: FieldErrors = {};
  for (const issue of Array.isArray(details) ? details : []) {
    const field = FIELD_OF_BODY_PATH[String(issue?.field)];
    if (field && typeof issue.message === 'string') found[field] = issue.message;
  }
  return found;
}

/** Create (id 0) or change a group: its name, its members and the applications it may open. */
export function GroupDialog({
  groupId,
  onClose,
  onSaved,
}: {
  groupId: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const options = useQuery({
    queryKey: ['admin', 'groupFormInitialData'],
    queryFn: ({ signal }) => apiCall(adminGroupRoutes.getGroupFormInitialData, { signal }),
    retry: false,
  });
  const group = useQuery({
    queryKey: ['admin', 'group', groupId],
    queryFn: ({ signal }) => apiCall(adminGroupRoutes.getGroup, { query: { GroupId: groupId }, signal }),
    enabled: groupId > 0,
    retry: false,
    gcTime: 0,
  });
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [members, setMembers] = useState<GroupMember[]>([]);
  const [applicationIds, setApplicationIds] = useState<number[]>([]);
  useEffect(() => {
    if (!group.data) return;
    setName(group.data.name);
    setMembers(group.data.members);
    setApplicationIds(group.data.applicationIds);
  }, [group.data]);

  const clearError = (field: keyof FieldErrors) =>
    setErrors((previous) => ({ ...previous, [field]: undefined }));

  // One call: the server saves name, members and applications in one transaction, or none of them.
  const save = useMutation({
    mutationFn: () =>
      apiCall(adminGroupRoutes.saveGroup, {
        body: {
          id: groupId,
          name: name.trim(),
          memberIds: members.map((member) => member.id),
          applicationIds,
        },
      }),
    onSuccess: (saved) => onSaved(saved.message),
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else notify.error(error);
    },
  });

  const loading = options.isPending || (groupId > 0 && group.isPending);
  const loadError = options.error ?? group.error;
  const users = options.data?.users ?? [];
  const applications = options.data?.applications ?? [];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {groupId === 0 ? t('admin.groups.newTitle') : t('admin.groups.editTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {loadError ? (
          <Alert severity="error">{getErrorMessage(loadError)}</Alert>
        ) : loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : (
          <Box
            component="form"
            id={`${titleId}-form`}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) {
                setErrors({ name: t('validation.required') });
                return;
              }
              save.mutate();
            }}
            sx={{ display: 'grid', gap: 2, pt: 1 }}
          >
            <TextField
              label={t('admin.groups.name')}
              required
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                clearError('name');
              }}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <Autocomplete
              multiple
              options={users}
              value={members}
              getOptionLabel={(option) => `${option.name} (${option.login})`}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_, value) => {
                setMembers(value);
                clearError('members');
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('admin.groups.members')}
                  error={Boolean(errors.members)}
                  helperText={errors.members}
                />
              )}
            />
            <Autocomplete
              multiple
              options={applications}
              value={applications.filter((application) => applicationIds.includes(application.id))}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_, value) => {
                setApplicationIds(value.map((application) => application.id));
                clearError('applications');
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('admin.groups.applications')}
                  error={Boolean(errors.applications)}
                  helperText={errors.applications}
                />
              )}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={loading || Boolean(loadError) || save.isPending}
        >
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
