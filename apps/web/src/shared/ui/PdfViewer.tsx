import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canZoomIn, canZoomOut, PDF_ZOOM_START, zoomIn, zoomOut } from './PdfViewerZoom.ts';

const PdfViewerDocument = lazy(() => import('./PdfViewerDocument.tsx'));

export interface PdfViewerProps {
  /** A same-origin URL or the PDF's bytes. */
  file: string | Blob;
  /** Accessible name of the scrollable document region. */
  label: string;
  /** Where the download button points (the file URL, or an object URL of the blob); no button without it. */
  downloadUrl?: string;
  downloadName?: string;
  /** Prints the document; no print button without it. */
  onPrint?: () => void;
  /** Called once, when the reader has scrolled to the end of the document (or it fits without scrolling). */
  onScrolledToEnd?: () => void;
  /** Height of the scrollable region. */
  height?: number | string;
}

/** A tolerance of a few pixels: zoomed pages seldom end on a whole pixel. */
const END_TOLERANCE_PX = 4;

function isAtEnd(element: HTMLElement): boolean {
  // A region that was never laid out (no height) has no end to reach yet.
  if (element.scrollHeight <= 0) return false;
  return element.scrollTop + element.clientHeight >= element.scrollHeight - END_TOLERANCE_PX;
}

/**
 * The PDF viewer of spec §2.5 / §9 (react-pdf): zoom from 0.9 in steps of 0.3 between 0.1 and 3, pages 16 px
 * apart, and a download button. The terms-of-use dialog uses it to know that the reader reached the end.
 */
export function PdfViewer({
  file,
  label,
  downloadUrl,
  downloadName,
  onPrint,
  onScrolledToEnd,
  height = '70vh',
}: PdfViewerProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(PDF_ZOOM_START);
  const regionRef = useRef<HTMLDivElement>(null);
  const reportedEnd = useRef(false);
  const onEndRef = useRef(onScrolledToEnd);
  useEffect(() => {
    onEndRef.current = onScrolledToEnd;
  }, [onScrolledToEnd]);

  const checkEnd = useCallback(() => {
    const region = regionRef.current;
    if (!region || reportedEnd.current || !isAtEnd(region)) return;
    reportedEnd.current = true;
    onEndRef.current?.();
  }, []);

  // A new document has to be read again.
  useEffect(() => {
    void file;
    reportedEnd.current = false;
  }, [file]);

  const percent = Math.round(zoom * 100);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('pdf.toolbar')}
        spacing={1}
        sx={{
          alignItems: 'center',
          justifyContent: 'flex-end',
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" aria-live="polite" sx={{ mr: 'auto', pl: 1 }}>
          {t('pdf.zoomLevel', { percent })}
        </Typography>
        <Tooltip title={t('pdf.zoomOut')}>
          <span>
            <IconButton
              aria-label={t('pdf.zoomOut')}
              disabled={!canZoomOut(zoom)}
              onClick={() => setZoom(zoomOut)}
            >
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('pdf.zoomIn')}>
          <span>
            <IconButton
              aria-label={t('pdf.zoomIn')}
              disabled={!canZoomIn(zoom)}
              onClick={() => setZoom(zoomIn)}
            >
              <ZoomInIcon />
            </IconButton>
          </span>
        </Tooltip>
        {onPrint && (
          <Tooltip title={t('pdf.print')}>
            <IconButton aria-label={t('pdf.print')} onClick={onPrint}>
              <PrintIcon />
            </IconButton>
          </Tooltip>
        )}
        {downloadUrl && (
          <Tooltip title={t('pdf.download')}>
            <IconButton
              component="a"
              href={downloadUrl}
              download={downloadName ?? true}
              aria-label={t('pdf.download')}
            >
              <DownloadIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Box
        ref={regionRef}
        role="region"
        aria-label={label}
        // Keyboard users scroll the document with the arrow keys once it has focus.
        tabIndex={0}
        onScroll={checkEnd}
        data-zoom={zoom}
        sx={{ height, overflow: 'auto', bgcolor: 'action.hover', p: 2 }}
      >
        <Suspense fallback={<Typography>{t('pdf.loading')}</Typography>}>
          <PdfViewerDocument
            file={file}
            scale={zoom}
            loading={t('pdf.loading')}
            error={t('pdf.error')}
            onPageRendered={checkEnd}
          />
        </Suspense>
      </Box>
    </Paper>
  );
}
