import { Box } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/usePageTitle.ts';
import { mainContentProps } from '../../../shared/ui/SkipLink.tsx';
import { ReportViewer } from '../components/ReportViewer.tsx';

const LANGUAGES = ['pt-BR', 'en'];

/**
 * /reportviewer (spec §7.7): the page the report frames load, with the token, the language and the report's
 * query (`reportID`). It is the web app itself, so the session it signs in with is the stored one; the
 * frame's `language` is followed.
 */
export function ReportViewerPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const reportId = Number(search.get('reportID') ?? search.get('reportId') ?? 0);
  const language = search.get('language');
  usePageTitle(t('screens.report'));
  useEffect(() => {
    if (language && LANGUAGES.includes(language) && i18n.language !== language)
      void i18n.changeLanguage(language);
  }, [language, i18n]);
  return (
    <Box component="main" {...mainContentProps} sx={{ p: 2, outline: 'none' }}>
      <ReportViewer reportId={Number.isSafeInteger(reportId) ? reportId : 0} />
    </Box>
  );
}
