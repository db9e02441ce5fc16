import { EMAIL_PATTERN, type LoggedUser, profileRoutes } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
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
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { readStoredSession, writeStoredSession } from '../session/sessionStorage.ts';
import { AvatarEditor } from './AvatarEditor.tsx';

/** Spec §5 "Profile": name and e-mail required; the e-mail needs a 2–4 letter top-level domain. */
const ProfileFormSchema = z.object({
  name: z.string().trim().min(1, { error: 'required' }),
  email: z.string().trim().min(1, { error: 'required' }).regex(EMAIL_PATTERN, { error: 'invalidEmail' }),
  avatar: z.string(),
});
type ProfileForm = z.infer<typeof ProfileFormSchema>;

/** Keeps the stored session's user in step with the server (spec §4 "Profile update"). */
export function updateStoredUser(user: Pick<LoggedUser, 'name' | 'email' | 'avatar'>): void {
  const session = readStoredSession();
  if (!session) return;
  writeStoredSession({
    ...session,
    loggedUser: { ...session.loggedUser, name: user.name, email: user.email, avatar: user.avatar },
  });
}

/**
 * Edit profile (spec §2.10, §4): on success the stored name, avatar and e-mail change locally and a notice
 * confirms; on error the message is shown and the dialog closes.
 */
export function EditProfileDialog({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: Pick<LoggedUser, 'name' | 'email' | 'avatar'>;
  onClose: () => void;
  onSaved: (user: Pick<LoggedUser, 'name' | 'email' | 'avatar'>) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onTouched',
    values: { name: user.name, email: user.email, avatar: user.avatar },
  });
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiCall(profileRoutes.updateProfile, { body: values });
      const updated = { name: saved.name, email: saved.email, avatar: saved.avatar };
      updateStoredUser(updated);
      onSaved(updated);
      enqueueSnackbar(t('profile.updated'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    }
    onClose();
  });

  const fieldError = (message: string | undefined) =>
    message === 'invalidEmail' ? t('profile.invalidEmail') : message ? t(`validation.${message}`) : undefined;

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('profile.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="avatar"
              control={form.control}
              render={({ field }) => (
                <AvatarEditor
                  current={field.value}
                  name={user.name}
                  onChange={field.onChange}
                  disabled={submitting}
                />
              )}
            />
            <Controller
              name="name"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('profile.name')}
                  autoComplete="name"
                  required
                  fullWidth
                  disabled={submitting}
                  error={Boolean(fieldState.error)}
                  helperText={fieldError(fieldState.error?.message)}
                />
              )}
            />
            <Controller
              name="email"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('profile.email')}
                  type="email"
                  autoComplete="email"
                  required
                  fullWidth
                  disabled={submitting}
                  error={Boolean(fieldState.error)}
                  helperText={fieldError(fieldState.error?.message)}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
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
