import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '../../shared/forms/passwordChangeForms.ts';
import { PasswordFormDialog } from '../auth/PasswordFormDialog.tsx';
import { useChangePassword } from './useChangePassword.ts';

const FIELDS = ['oldPassword', 'newPassword', 'passwordConfirm'] as const;
const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', passwordConfirm: '' };
const TEXTS = {
  prefix: 'profile',
  title: 'profile.changePasswordTitle',
  cancel: 'profile.cancel',
  save: 'profile.save',
};

/**
 * Change password (spec §2.10, §4): success shows 'Senha alterada com sucesso' and closes; an error notice
 * persists (until the next attempt or closing) and the dialog stays open. The error is shown inside the dialog:
 * a modal dialog hides the rest of the page from assistive technology, so a notice outside it would not be
 * heard nor reachable.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  function handleClose() {
    form.reset(EMPTY);
    setFailure(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync(values);
      enqueueSnackbar(t('profile.passwordChanged'), { variant: 'success' });
      handleClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  });

  return (
    <PasswordFormDialog
      open={open}
      form={form}
      fields={FIELDS}
      texts={TEXTS}
      failure={failure}
      onDismissFailure={() => setFailure(null)}
      onSubmit={submit}
      onClose={handleClose}
    />
  );
}
