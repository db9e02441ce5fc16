import EngineeringIcon from '@mui/icons-material/Engineering';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PublicPageLayout } from '../../../shared/ui/PublicPageLayout.tsx';

/** Shown on every path while the maintenance flag is on, and at /maintenance always (spec §2.1). */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <PublicPageLayout title={t('maintenance.title')}>
      <EngineeringIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('maintenance.title')}
      </Typography>
      <Typography>{t('maintenance.message')}</Typography>
    </PublicPageLayout>
  );
}
