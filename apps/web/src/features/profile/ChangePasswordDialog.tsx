import { usersRoutes } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '../../shared/forms/passwordChangeForms.ts';

const FIELDS = ['oldPassword', 'newPassword', 'passwordConfirm'] as const;
const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', passwordConfirm: '' };

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
  const titleId = useId();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const submitting = form.formState.isSubmitting;

  function handleClose() {
    form.reset(EMPTY);
    setFailure(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiCall(usersRoutes.changePassword, {
        body: {
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          confirmPassword: values.passwordConfirm,
        },
        // A wrong current password must not end the session.
        redirectOnUnauthorized: false,
      });
      enqueueSnackbar(t('profile.passwordChanged'), { variant: 'success' });
      handleClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : handleClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('profile.changePasswordTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" onClose={() => setFailure(null)} closeText={t('profile.dismiss')}>
                {failure}
              </Alert>
            )}
            {FIELDS.map((name) => (
              <Controller
                key={name}
                name={name}
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t(`profile.${name}`)}
                    type="password"
                    autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
                    required
                    fullWidth
                    disabled={submitting}
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error?.message ? t(`validation.${fieldState.error.message}`) : undefined
                    }
                  />
                )}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={submitting}>
            {t('profile.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('profile.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
