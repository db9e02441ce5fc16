import type { GroupMember } from '@der/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { AdminFormDialog } from '../shared/AdminFormDialog.tsx';
import type { AdminEditorProps } from '../shared/AdminListPage.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { useGroup, useGroupFormInitialData, useSaveGroup } from './groupQueries.ts';

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
export function GroupDialog({ id: groupId, onClose, onSaved }: AdminEditorProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const options = useGroupFormInitialData();
  const group = useGroup(groupId);
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

  const save = useSaveGroup({
    onSuccess: onSaved,
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
    <AdminFormDialog
      title={groupId === 0 ? t('admin.groups.newTitle') : t('admin.groups.editTitle')}
      loadError={loadError}
      loading={loading}
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setErrors({ name: t('validation.required') });
          return;
        }
        save.mutate({
          id: groupId,
          name: name.trim(),
          memberIds: members.map((member) => member.id),
          applicationIds,
        });
      }}
      onClose={onClose}
      saveDisabled={loading || Boolean(loadError) || save.isPending}
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
    </AdminFormDialog>
  );
}
