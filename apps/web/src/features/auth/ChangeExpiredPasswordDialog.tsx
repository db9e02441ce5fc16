import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import {
  type ChangeExpiredPasswordForm,
  ChangeExpiredPasswordFormSchema,
} from '../../shared/forms/passwordChangeForms.ts';
import { applyServerFieldErrors } from '../accounts/applyServerFieldErrors.ts';
import { PasswordFormDialog } from './PasswordFormDialog.tsx';
import { useChangeExpiredPassword } from './useChangeExpiredPassword.ts';

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
  const [error, setError] = useState<string | null>(null);
  const change = useChangeExpiredPassword();
  const form = useForm<ChangeExpiredPasswordForm>({
    resolver: zodResolver(ChangeExpiredPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { login: initialLogin, oldPassword: '', newPassword: '', passwordConfirm: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await change.mutateAsync(values);
      onChanged();
    } catch (caught) {
      applyServerFieldErrors(caught, form.setError, FIELDS, SERVER_FIELD_NAMES);
      setError(getErrorMessage(caught));
    }
  });

  return (
    <PasswordFormDialog
      open={open}
      form={form}
      fields={FIELDS}
      texts={TEXTS}
      failure={error}
      onSubmit={submit}
      onClose={onClose}
      titleId="change-expired-password-title"
    />
  );
}
