import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HomeLink, PublicPageLayout } from '../../../shared/ui/PublicPageLayout.tsx';

/** Any path outside the route table (spec §2.1). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicPageLayout title={t('notFound.title')}>
      <Typography component="h1" variant="h2" color="primary" gutterBottom>
        404
      </Typography>
      <Typography>{t('notFound.message')}</Typography>
      <HomeLink label={t('notFound.backHome')} />
    </PublicPageLayout>
  );
}
