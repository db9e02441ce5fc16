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
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import {
  type ChangeExpiredPasswordForm,
  ChangeExpiredPasswordFormSchema,
} from '../../shared/forms/passwordChangeForms.ts';
import { applyServerFieldErrors } from '../accounts/applyServerFieldErrors.ts';
import { translateFieldError } from './translateFieldError.ts';

const FIELDS = ['login', 'oldPassword', 'newPassword', 'passwordConfirm'] as const;
/** The server names the confirmation confirmPassword. */
const SERVER_FIELD_NAMES: Record<string, (typeof FIELDS)[number]> = { confirmPassword: 'passwordConfirm' };

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
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangeExpiredPasswordForm>({
    resolver: zodResolver(ChangeExpiredPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { login: initialLogin, oldPassword: '', newPassword: '', passwordConfirm: '' },
  });
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiCall(usersRoutes.changeExpiredPassword, {
        body: {
          login: values.login,
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
          confirmPassword: values.passwordConfirm,
        },
        redirectOnUnauthorized: false,
      });
      onChanged();
    } catch (caught) {
      applyServerFieldErrors(caught, form.setError, FIELDS, SERVER_FIELD_NAMES);
      setError(getErrorMessage(caught));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="change-expired-password-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="change-expired-password-title">{t('auth.expired.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
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
                    label={t(`auth.expired.${name}`)}
                    type={name === 'login' ? 'text' : 'password'}
                    autoComplete={
                      name === 'login'
                        ? 'username'
                        : name === 'oldPassword'
                          ? 'current-password'
                          : 'new-password'
                    }
                    required
                    fullWidth
                    disabled={submitting}
                    error={Boolean(fieldState.error)}
                    helperText={translateFieldError(t, fieldState.error?.message)}
                  />
                )}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('auth.expired.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('auth.expired.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
