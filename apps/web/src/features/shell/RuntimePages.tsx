import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type ptBR from '../../i18n/pt-BR.json';
import type { RuntimeOutletContext } from './RuntimeShell.tsx';

type ScreenName = keyof typeof ptBR.screens;

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

/**
 * A runtime screen that a later issue builds, shown inside the shell's content area (the public
 * under-construction page brings its own header and main landmark, which cannot nest in the shell).
 */
export function RuntimePlaceholder({ screen }: { screen: ScreenName }) {
  const { t } = useTranslation();
  const screenName = t(`screens.${screen}`);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <ConstructionIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography component="h1" variant="h5">
        {t('underConstruction.heading')}
      </Typography>
      <Typography component="h2" variant="h6">
        {screenName}
      </Typography>
      <Typography>{t('underConstruction.message', { screen: screenName })}</Typography>
    </Stack>
  );
}
