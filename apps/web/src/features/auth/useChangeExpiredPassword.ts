import { usersRoutes } from '@der/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';
import type { ChangeExpiredPasswordForm } from '../../shared/forms/passwordChangeForms.ts';

/** users/changeExpiredPassword (public, from the login): the dialog's values as the server names them. */
export function useChangeExpiredPassword() {
  return useMutation({
    mutationFn: (values: ChangeExpiredPasswordForm) =>
      apiCall(usersRoutes.changeExpiredPassword, {
        body: {
          login: values.login,
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          confirmPassword: values.passwordConfirm,
        },
        redirectOnUnauthorized: false,
      }),
  });
}
