import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type SxProps,
  type Theme,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';

/**
 * The frame of an administration editor: title, a notice above the form (a conflict, a refusal), the load
 * error or a spinner until the record is there, the form, what follows it, and Cancel / Save (Save submits).
 */
export function AdminFormDialog({
  title,
  maxWidth = 'sm',
  notice,
  loadError,
  loading,
  onSubmit,
  onClose,
  saveDisabled,
  formSx,
  after,
  children,
}: {
  title: string;
  maxWidth?: 'sm' | 'md';
  notice?: ReactNode;
  loadError?: unknown;
  loading: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  saveDisabled: boolean;
  formSx?: SxProps<Theme>;
  /** Shown under the form once loaded or not (e.g. the users of a company). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = `${titleId}-form`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {notice}
        {loadError ? (
          <Alert severity="error">{getErrorMessage(loadError)}</Alert>
        ) : loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : (
          <Box
            component="form"
            id={formId}
            noValidate
            onSubmit={onSubmit}
            sx={[{ display: 'grid', gap: 2, pt: 1 }, ...(Array.isArray(formSx) ? formSx : [formSx])]}
          >
            {children}
          </Box>
        )}
        {after}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={saveDisabled}>
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
