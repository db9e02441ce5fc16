import { Alert, Box, Button, Fade, LinearProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { usePageTitle } from '../../../app/usePageTitle.ts';
import { PAGE_TRANSITION_MS } from '../../shell/shellConstants.ts';

/** The frame of an administration page: heading, busy bar, load error with retry, 700 ms fade (spec §9). */
export function AdminPage({
  title,
  section,
  busy,
  error,
  onRetry,
  actions,
  children,
}: {
  title: string;
  /** The page title's section name (document title = brand + section). */
  section?: string;
  busy?: boolean;
  error?: unknown;
  onRetry?: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(section ?? title);
  return (
    <Fade in appear timeout={PAGE_TRANSITION_MS}>
      <Paper sx={{ p: { xs: 1.5, md: 2 }, position: 'relative' }} variant="outlined">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {actions}
        </Box>
        {busy && (
          <LinearProgress
            aria-label={t('admin.busy')}
            data-testid="admin-busy"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        )}
        {error ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('admin.retry')}
                </Button>
              )
            }
          >
            {getErrorMessage(error)}
          </Alert>
        ) : null}
        {children}
      </Paper>
    </Fade>
  );
}
