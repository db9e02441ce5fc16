import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '../../shared/forms/passwordChangeForms.ts';
import { PasswordFormDialog } from '../auth/PasswordFormDialog.tsx';
import { usePasswordForm } from '../auth/usePasswordForm.ts';
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
  const change = useChangePassword();
  const { form, failure, submit, dismissFailure, clear } = usePasswordForm<ChangePasswordForm>({
    schema: ChangePasswordFormSchema,
    defaults: EMPTY,
    send: change.mutateAsync,
    onDone: () => {
      enqueueSnackbar(t('profile.passwordChanged'), { variant: 'success' });
      handleClose();
    },
  });

  function handleClose() {
    clear();
    onClose();
  }

  return (
    <PasswordFormDialog
      open={open}
      form={form}
      fields={FIELDS}
      texts={TEXTS}
      failure={failure?.message ?? null}
      onDismissFailure={dismissFailure}
      onSubmit={submit}
      onClose={handleClose}
    />
  );
}
