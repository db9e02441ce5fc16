import { z } from 'zod';

const required = z.string().min(1, { error: 'required' });

/** Spec §2.10 / §5: the dialogs' third field is passwordConfirm, and it must equal the new password. */
const PasswordChangeFields = z.object({
  oldPassword: required,
  newPassword: required,
  passwordConfirm: required,
});
const confirmation = {
  check: (form: { newPassword: string; passwordConfirm: string }) =>
    form.newPassword === form.passwordConfirm,
  issue: { error: 'passwordsDontMatch', path: ['passwordConfirm'] },
};

/** The signed-in user's change-password dialog (messages are validation keys). */
export const ChangePasswordFormSchema = PasswordChangeFields.refine(confirmation.check, confirmation.issue);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** The login's 'Alterar a Senha' dialog for an expired password: the same fields plus the login. */
export const ChangeExpiredPasswordFormSchema = PasswordChangeFields.extend({ login: required }).refine(
  confirmation.check,
  confirmation.issue,
);
export type ChangeExpiredPasswordForm = z.infer<typeof ChangeExpiredPasswordFormSchema>;

/** The new password of a reset link (the server checks the same and the configured password policy). */
export const NewPasswordFormSchema = z
  .object({ newPassword: required, passwordConfirm: required })
  .refine(confirmation.check, confirmation.issue);
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;
