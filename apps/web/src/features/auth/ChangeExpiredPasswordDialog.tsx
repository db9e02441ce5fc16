import {
  type ChangeExpiredPasswordForm,
  ChangeExpiredPasswordFormSchema,
} from '../../shared/forms/passwordChangeForms.ts';
import { PasswordFormDialog } from './PasswordFormDialog.tsx';
import { useChangeExpiredPassword } from './useChangeExpiredPassword.ts';
import { usePasswordForm } from './usePasswordForm.ts';

const FIELDS = ['login', 'oldPassword', 'newPassword', 'passwordConfirm'] as const;
/** The server names the confirmation confirmPassword. */
const SERVER_FIELD_NAMES: Record<string, (typeof FIELDS)[number]> = { confirmPassword: 'passwordConfirm' };
const TEXTS = {
  prefix: 'auth.expired',
  title: 'auth.expired.title',
  cancel: 'auth.expired.cancel',
  save: 'auth.expired.save',
};

export interface ChangeExpiredPasswordDialogProps {
  open: boolean;
  initialLogin: string;
  onClose: () => void;
  onChanged: () => void;
}

/** 'Alterar a Senha' (spec §2.2, failure reason 2): on error the message stays and the dialog stays open. */
export function ChangeExpiredPasswordDialog({
  open,
  initialLogin,
  onClose,
  onChanged,
}: ChangeExpiredPasswordDialogProps) {
  const change = useChangeExpiredPassword();
  const { form, failure, submit } = usePasswordForm<ChangeExpiredPasswordForm>({
    schema: ChangeExpiredPasswordFormSchema,
    defaults: { login: initialLogin, oldPassword: '', newPassword: '', passwordConfirm: '' },
    send: change.mutateAsync,
    onDone: onChanged,
    fields: FIELDS,
    serverFieldNames: SERVER_FIELD_NAMES,
  });

  return (
    <PasswordFormDialog
      open={open}
      form={form}
      fields={FIELDS}
      texts={TEXTS}
      failure={failure?.message ?? null}
      onSubmit={submit}
      onClose={onClose}
      titleId="change-expired-password-title"
    />
  );
}
