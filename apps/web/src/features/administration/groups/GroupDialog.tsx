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
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { useNotify } from '../shared/useNotify.ts';

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
  const [nameError, setNameError] = useState<string | null>(null);
  const [members, setMembers] = useState<GroupMember[]>([]);
  const [applicationIds, setApplicationIds] = useState<number[]>([]);
  useEffect(() => {
    if (!group.data) return;
    setName(group.data.name);
    setMembers(group.data.members);
    setApplicationIds(group.data.applicationIds);
  }, [group.data]);

  const save = useMutation({
    mutationFn: async () => {
      const saved = await apiCall(adminGroupRoutes.saveGroup, { body: { id: groupId, name: name.trim() } });
      await apiCall(adminGroupRoutes.setGroupMembers, {
        body: { groupId: saved.id, userIds: members.map((member) => member.id) },
      });
      await apiCall(adminGroupRoutes.setGroupApplications, { body: { groupId: saved.id, applicationIds } });
      return saved;
    },
    onSuccess: (saved) => onSaved(saved.message),
    onError: (error) => {
      // A duplicate name (409) or a refused name (400) belongs to the name field.
      const status = (error as { status?: number }).status;
      if (status === 409 || status === 400) setNameError(getErrorMessage(error));
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
                setNameError(t('validation.required'));
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
                setNameError(null);
              }}
              error={Boolean(nameError)}
              helperText={nameError}
            />
            <Autocomplete
              multiple
              options={users}
              value={members}
              getOptionLabel={(option) => `${option.name} (${option.login})`}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_, value) => setMembers(value)}
              renderInput={(params) => <TextField {...params} label={t('admin.groups.members')} />}
            />
            <Autocomplete
              multiple
              options={applications}
              value={applications.filter((application) => applicationIds.includes(application.id))}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_, value) => setApplicationIds(value.map((application) => application.id))}
              renderInput={(params) => <TextField {...params} label={t('admin.groups.applications')} />}
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
