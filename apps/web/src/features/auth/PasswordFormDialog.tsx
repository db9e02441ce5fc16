import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordFields, type PasswordFormField } from './PasswordFields.tsx';

export interface PasswordFormDialogProps<F extends FieldValues> {
  open: boolean;
  form: UseFormReturn<F>;
  fields: readonly (PasswordFormField & Path<F>)[];
  /** The i18n prefix of the texts: `${texts}.${field}`, and the title, cancel and save keys below. */
  texts: { prefix: string; title: string; cancel: string; save: string };
  /** The error of the last attempt, shown inside the dialog (a modal hides the rest of the page). */
  failure: string | null;
  /** When given, the error notice has a close button. */
  onDismissFailure?: () => void;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
  titleId?: string;
}

/** The password dialogs' one shape: the error notice, the fields, Cancel and Save (busy while submitting). */
export function PasswordFormDialog<F extends FieldValues>({
  open,
  form,
  fields,
  texts,
  failure,
  onDismissFailure,
  onSubmit,
  onClose,
  titleId,
}: PasswordFormDialogProps<F>) {
  const { t } = useTranslation();
  const generatedId = useId();
  const labelId = titleId ?? generatedId;
  const submitting = form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      aria-labelledby={labelId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={labelId}>{t(texts.title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert
                severity="error"
                role="alert"
                {...(onDismissFailure ? { onClose: onDismissFailure, closeText: t('profile.dismiss') } : {})}
              >
                {failure}
              </Alert>
            )}
            <PasswordFields
              control={form.control}
              names={fields}
              labelPrefix={texts.prefix}
              disabled={submitting}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t(texts.cancel)}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t(texts.save)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
