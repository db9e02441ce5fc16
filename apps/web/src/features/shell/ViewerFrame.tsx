import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { API_BASE_URL } from '../../api/apiBase.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { mainContentProps } from '../../shared/ui/SkipLink.tsx';
import { readStoredSession } from '../session/sessionStorage.ts';
import { buildViewerUrl, type Viewer } from './buildViewerUrl.ts';
import { visuallyHidden } from './MenuLinkItem.tsx';

/** The viewers are served by the API server, under the same base path as the calls (spec §7). */
export const VIEWER_BASE_URL = API_BASE_URL;

function useViewerUrl(viewer: Viewer, extra?: Record<string, string>): string {
  const { i18n } = useTranslation();
  const { search } = useLocation();
  return buildViewerUrl({
    // The report viewer is a page of this web app (/reportviewer); the print layout viewer is the API's PDF.
    baseUrl: viewer === 'reportviewer' ? '' : VIEWER_BASE_URL,
    viewer,
    token: readStoredSession()?.token ?? '',
    language: i18n.language,
    search,
    extra,
  });
}

function Frame({ src, title }: { src: string; title: string }) {
  return (
    <Box
      component="iframe"
      src={src}
      title={title}
      sx={{ border: 0, width: '100%', height: '100%', minHeight: 'calc(100vh - 120px)', display: 'block' }}
    />
  );
}

/** /report, /printLayout and their legacy .aspx paths (spec §2.1, §7.7): the whole page is the viewer. */
export function ViewerPage({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const title = viewer === 'reportviewer' ? t('screens.report') : t('screens.printLayout');
  usePageTitle(title);
  const src = useViewerUrl(viewer);
  return (
    <Box
      component="main"
      {...mainContentProps}
      sx={{ height: '100vh', display: 'flex', flexDirection: 'column', outline: 'none' }}
    >
      <Typography component="h1" sx={visuallyHidden}>
        {title}
      </Typography>
      <Box
        component="iframe"
        src={src}
        title={title}
        sx={{ border: 0, width: '100%', flex: 1, display: 'block' }}
      />
    </Box>
  );
}

/** /runtime/{appID}/report/{reportID}/{title}: the report viewer inside the shell, with reportID added. */
export function RuntimeReportFrame() {
  const { t } = useTranslation();
  const { reportID = '', title = '' } = useParams();
  const heading = title || t('screens.report');
  const src = useViewerUrl('reportviewer', { reportID });
  return (
    <Box sx={{ height: '100%' }}>
      <Typography component="h1" variant="h6" gutterBottom>
        {heading}
      </Typography>
      <Frame src={src} title={heading} />
    </Box>
  );
}
