import { SaveUserBodySchema } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { AdditionalFieldsSection } from '../../accounts/AdditionalFieldsSection.tsx';
import { FormTextField } from '../../accounts/RegistrationFields.tsx';
import { useAdditionalFields } from '../../accounts/useAdditionalFields.ts';
import { AdminFormDialog } from '../shared/AdminFormDialog.tsx';
import type { AdminEditorProps } from '../shared/AdminListPage.tsx';
import { useShowSaveRefusal } from '../shared/useShowSaveRefusal.ts';
import { AvatarField } from './AvatarField.tsx';
import { CheckboxFields } from './CheckboxFields.tsx';
import { UserChoiceFields } from './UserChoiceFields.tsx';
import { toUserForm, type UserForm, type UserFormOutput, userFormServerPaths } from './userForm.ts';
import { useSaveUser, useUserFormInitialData, useUserToEdit } from './userQueries.ts';
import { WorkPeriodsField } from './WorkPeriodsField.tsx';

const PERMISSIONS = [
  ['active', 'admin.users.active'],
  ['isAdministrator', 'admin.users.isAdministrator'],
  ['hasPanelAdminPermission', 'admin.users.hasPanelAdminPermission'],
  ['hasChangePasswordPermission', 'admin.users.hasChangePasswordPermission'],
] as const;

/** One-off actions of a save, offered for an existing user only. */
const ACTIONS = [
  ['forcePasswordReset', 'admin.users.forcePasswordReset'],
  ['endSessions', 'admin.users.endSessions'],
] as const;

/**
 * The user edit form (spec §3 "User edit record"): a blank record for id 0. Server field errors (400) land on
 * their fields; a version conflict (409) shows the server's message and offers to reload the record.
 */
export function UserFormDialog({ id: userId, onClose, onSaved }: AdminEditorProps) {
  const { t } = useTranslation();
  const showRefusal = useShowSaveRefusal();
  const [conflict, setConflict] = useState<string | null>(null);
  const initial = useUserFormInitialData(userId);
  const record = useUserToEdit(userId);
  const additional = useAdditionalFields('user');
  const form = useForm<UserForm, unknown, UserFormOutput>({
    resolver: additional.withChecks(zodResolver(SaveUserBodySchema)),
    mode: 'onTouched',
  });
  const { control, reset, setError, handleSubmit } = form;
  const { definitions, settled } = additional;

  // The stored additional values are converted for their inputs, so the definitions come first.
  useEffect(() => {
    if (record.data && settled) reset(toUserForm(record.data, definitions));
  }, [record.data, settled, definitions, reset]);

  const save = useSaveUser({
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.code === 'ADMIN_USER_VERSION_CONFLICT') {
        setConflict(getErrorMessage(error));
        return;
      }
      const workPeriods = form.getValues('calendar')?.workPeriods?.length ?? 0;
      showRefusal(error, setError as never, userFormServerPaths(workPeriods, additional.paths));
    },
  });

  const reload = async () => {
    const fresh = await record.refetch();
    if (fresh.data) reset(toUserForm(fresh.data, definitions));
    setConflict(null);
  };

  const loading = initial.isPending || record.isPending || !settled || !record.data;
  const required = (name: 'name' | 'login' | 'email') => (
    <FormTextField control={control} name={name} label={t(`admin.users.${name}`)} required />
  );

  return (
    <AdminFormDialog
      title={userId === 0 ? t('admin.users.newTitle') : t('admin.users.editTitle')}
      maxWidth="md"
      notice={
        conflict && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void reload()}>
                {t('admin.reload')}
              </Button>
            }
          >
            {conflict}
          </Alert>
        )
      }
      loadError={initial.error ?? record.error}
      loading={loading}
      onSubmit={handleSubmit((values) =>
        save.mutate({ ...values, additionalFields: additional.values(values.additionalFields) }),
      )}
      onClose={onClose}
      saveDisabled={!record.data || save.isPending || Boolean(conflict)}
      formSx={{ gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      {required('name')}
      {required('login')}
      {required('email')}
      <AvatarField control={control} />
      <UserChoiceFields control={control} initial={initial.data} />
      <CheckboxFields control={control} fields={PERMISSIONS} label={t('admin.users.permissions')} />
      <WorkPeriodsField control={control} />
      <Grid container spacing={2} sx={{ gridColumn: '1 / -1', '&:empty': { display: 'none' } }}>
        <AdditionalFieldsSection control={control} entity="user" />
      </Grid>
      {userId !== 0 && (
        <CheckboxFields control={control} fields={ACTIONS} heading={t('admin.users.actions')} />
      )}
    </AdminFormDialog>
  );
}
