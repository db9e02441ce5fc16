import ConstructionIcon from '@mui/icons-material/Construction';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type ptBR from '../../../i18n/pt-BR.json';
import { HomeLink, PublicPageLayout } from '../../../shared/ui/PublicPageLayout.tsx';

export type ScreenName = keyof typeof ptBR.screens;

/** Placeholder for a screen that a later issue builds; it names the screen so testers know where they are. */
export function UnderConstructionPage({ screen }: { screen: ScreenName }) {
  const { t } = useTranslation();
  const screenName = t(`screens.${screen}`);
  return (
    <PublicPageLayout title={screenName}>
      <ConstructionIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('underConstruction.heading')}
      </Typography>
      <Typography component="h2" variant="h6" gutterBottom>
        {screenName}
      </Typography>
      <Typography>{t('underConstruction.message', { screen: screenName })}</Typography>
      <HomeLink label={t('underConstruction.backHome')} />
    </PublicPageLayout>
  );
}
