import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { PDF_PAGE_SPACING } from './PdfViewerZoom.ts';

// The worker comes from our own origin (CSP worker-src 'self'); react-pdf asks it to be set in this module.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The CSP has no 'unsafe-eval'. PDF.js 6 has no eval path left (older versions read isEvalSupported, kept here
 * so that an older PDF.js would still stay within the policy); XFA forms are not rendered.
 */
const DOCUMENT_OPTIONS = { isEvalSupported: false, enableXfa: false };

export interface PdfViewerDocumentProps {
  file: string | Blob;
  scale: number;
  loading: string;
  error: string;
  /** Called whenever a page finished rendering (the content height may have changed). */
  onPageRendered?: () => void;
}

/** The react-pdf part of the viewer, loaded lazily: PDF.js is large and only some pages need it. */
export default function PdfViewerDocument({
  file,
  scale,
  loading,
  error,
  onPageRendered,
}: PdfViewerDocumentProps) {
  const [numPages, setNumPages] = useState(0);
  const onLoadSuccess = useCallback(({ numPages: total }: { numPages: number }) => setNumPages(total), []);

  return (
    <Document
      file={file}
      options={DOCUMENT_OPTIONS}
      onLoadSuccess={onLoadSuccess}
      suspense={false}
      loading={loading}
      error={error}
      externalLinkTarget="_blank"
      externalLinkRel="noopener noreferrer"
    >
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: PDF_PAGE_SPACING }}>
        {Array.from({ length: numPages }, (_, index) => (
          <Page
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are identified by their number
            key={index}
            pageNumber={index + 1}
            scale={scale}
            loading=""
            onRenderSuccess={onPageRendered}
          />
        ))}
      </div>
    </Document>
  );
}
