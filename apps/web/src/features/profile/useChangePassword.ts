import { usersRoutes } from '@der/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';
import type { ChangePasswordForm } from '../../shared/forms/passwordChangeForms.ts';

/** users/changePassword for the signed-in user: the dialog's values as the server names them. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (values: ChangePasswordForm) =>
      apiCall(usersRoutes.changePassword, {
        body: {
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          confirmPassword: values.passwordConfirm,
        },
        // A wrong current password must not end the session.
        redirectOnUnauthorized: false,
      }),
  });
}
