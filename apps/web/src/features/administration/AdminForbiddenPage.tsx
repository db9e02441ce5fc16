import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HomeLink, PublicPageLayout } from '../../shared/ui/PublicPageLayout.tsx';

/** A signed-in user without the administration permission (spec §6) who reached /administration. */
export function AdminForbiddenPage() {
  const { t } = useTranslation();
  return (
    <PublicPageLayout title={t('admin.forbidden.title')}>
      <Typography component="h1" variant="h2" color="primary" gutterBottom>
        403
      </Typography>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('admin.forbidden.title')}
      </Typography>
      <Typography>{t('admin.forbidden.message')}</Typography>
      <HomeLink label={t('admin.forbidden.back')} />
    </PublicPageLayout>
  );
}
