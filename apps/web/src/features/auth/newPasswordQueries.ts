import { usersRoutes } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';
import type { NewPasswordForm } from '../../shared/forms/passwordChangeForms.ts';

/** Whether a reset link's token still works, and whose account it is; asked anew each time. */
export function usePasswordResetToken(token: string) {
  return useQuery({
    queryKey: ['users', 'passwordResetToken', token],
    queryFn: () =>
      apiCall(usersRoutes.checkPasswordResetToken, { body: { token }, redirectOnUnauthorized: false }),
    retry: false,
    gcTime: 0,
  });
}

/** Sets the new password of a reset link (public: a refusal must not redirect to the login). */
export function useSetPasswordWithToken(token: string) {
  return useMutation({
    mutationFn: (values: NewPasswordForm) =>
      apiCall(usersRoutes.setPasswordWithToken, {
        body: { token, newPassword: values.newPassword, passwordConfirm: values.passwordConfirm },
        redirectOnUnauthorized: false,
      }),
  });
}
