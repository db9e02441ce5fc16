import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { PdfViewer } from '../../shared/ui/PdfViewer.tsx';
import { mainContentProps } from '../../shared/ui/SkipLink.tsx';
import { printPdf } from './printPdf.ts';
import { parsePrintLayoutQuery, usePrintLayoutPdf } from './usePrintLayoutPdf.ts';

/** The object URL of the fetched PDF (download and print), released when it changes or the page closes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * /printLayout and /General/PrintLayoutPage.aspx (spec §2.1, §7.7): the chosen print layout of an item
 * (?itemId=…&printLayoutId=…) in the product's PDF viewer, with download and print.
 */
export function PrintLayoutPage() {
  const { t, i18n } = useTranslation();
  const title = t('screens.printLayout');
  usePageTitle(title);
  const { search } = useLocation();
  const request = useMemo(() => parsePrintLayoutQuery(search, i18n.language), [search, i18n.language]);
  const pdf = usePrintLayoutPdf(request);
  const url = useObjectUrl(pdf.data);
  return (
    <Box component="main" {...mainContentProps} sx={{ p: 2, outline: 'none' }}>
      <Typography component="h1" variant="h6" gutterBottom>
        {title}
      </Typography>
      {!request && <Alert severity="warning">{t('printLayout.missingQuery')}</Alert>}
      {pdf.isError && <Alert severity="error">{getErrorMessage(pdf.error)}</Alert>}
      {request && pdf.isPending && <Typography color="text.secondary">{t('pdf.loading')}</Typography>}
      {pdf.data && url && request && (
        <PdfViewer
          file={pdf.data}
          label={title}
          downloadUrl={url}
          downloadName={t('printLayout.fileName', { itemId: request.itemId })}
          onPrint={() => printPdf(url)}
          height="calc(100vh - 140px)"
        />
      )}
    </Box>
  );
}
