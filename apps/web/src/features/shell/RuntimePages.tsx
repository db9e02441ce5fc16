import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { RuntimeOutletContext } from './RuntimeShell.tsx';

/** The bare /runtime/{appID} when the menu has no link to go to. */
export function RuntimeHome() {
  const { t } = useTranslation();
  const { application } = useOutletContext<RuntimeOutletContext>();
  return (
    <Box>
      <Typography component="h1" variant="h5" gutterBottom>
        {application?.name ?? t('screens.runtime')}
      </Typography>
      <Typography color="text.secondary">{t('shell.noMenuLink')}</Typography>
    </Box>
  );
}
