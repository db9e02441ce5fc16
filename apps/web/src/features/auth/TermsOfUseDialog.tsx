import { usersRoutes } from '@der/contracts';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { PdfViewer } from '../../shared/ui/PdfViewer.tsx';

export interface TermsOfUseDialogProps {
  open: boolean;
  userId: number;
  onAccepted: () => void;
  onDeclined: () => void;
}

/**
 * Terms of use of spec §2.2 step 1: the PDF (fetched with the login's bearer token), a download link and an
 * agree checkbox that is enabled only once the PDF was scrolled to its end.
 */
export function TermsOfUseDialog({ open, userId, onAccepted, onDeclined }: TermsOfUseDialogProps) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<{ blob: Blob; url: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let url: string | null = null;
    let cancelled = false;
    apiCall(usersRoutes.getTermsOfUse, { redirectOnUnauthorized: false })
      .then((data) => {
        if (cancelled) return;
        const blob = data instanceof Blob ? data : new Blob([String(data)], { type: 'application/pdf' });
        url = URL.createObjectURL(blob);
        setPdf({ blob, url });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(getErrorMessage(error));
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [open]);

  async function accept() {
    setSaving(true);
    setSaveError(null);
    try {
      await apiCall(usersRoutes.acceptTermsOfUse, {
        body: { accept: true, userId, browserInfo: navigator.userAgent },
        redirectOnUnauthorized: false,
      });
      onAccepted();
    } catch (error) {
      setSaveError(getErrorMessage(error));
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} maxWidth="md" fullWidth aria-labelledby="terms-of-use-title">
      <DialogTitle id="terms-of-use-title">{t('auth.terms.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {loadError && <Alert severity="error">{loadError}</Alert>}
          {!pdf && !loadError && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('pdf.loading')}</Typography>
            </Stack>
          )}
          {pdf && (
            <>
              <PdfViewer
                file={pdf.blob}
                label={t('auth.terms.title')}
                height="55vh"
                onScrolledToEnd={() => setReadToEnd(true)}
              />
              <Link href={pdf.url} download="termo-de-uso.pdf">
                {t('auth.terms.download')}
              </Link>
            </>
          )}
          {!readToEnd && pdf && (
            <Typography variant="body2" color="text.secondary">
              {t('auth.terms.scrollHint')}
            </Typography>
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={agreed}
                disabled={!readToEnd || saving}
                onChange={(event) => setAgreed(event.target.checked)}
              />
            }
            label={t('auth.terms.agree')}
          />
          {saveError && <Alert severity="error">{saveError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDeclined} disabled={saving}>
          {t('auth.terms.decline')}
        </Button>
        <Button
          variant="contained"
          onClick={accept}
          disabled={!agreed || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('auth.terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
