import type { Attachment } from '@der/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '../../PdfViewer.tsx';
import type { FormAttachmentServices } from './attachmentTypes.ts';
import { useAttachmentContent } from './useAttachmentContent.ts';

/** An image of the preview: an object URL of the downloaded blob, released when the dialog closes. */
function ImagePreview({ blob, name }: { blob: Blob; name: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Box
      component="img"
      src={url}
      alt={name}
      sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }}
    />
  );
}

/**
 * The product's viewer over an attachment's current version: PDFs in the PDF viewer (react-pdf, loaded only
 * when a PDF is shown), images as they are.
 */
export function AttachmentPreviewDialog({
  attachment,
  services,
  onClose,
}: {
  attachment: Attachment;
  services: FormAttachmentServices;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const content = useAttachmentContent(services, attachment);
  const isPdf = attachment.mediaType === 'application/pdf';
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{attachment.name}</DialogTitle>
      <DialogContent>
        {content.isError && <Alert severity="error">{(content.error as Error).message}</Alert>}
        {content.isPending && <Typography color="text.secondary">{t('form.loading')}</Typography>}
        {content.data &&
          (isPdf ? (
            <PdfViewer file={content.data} label={attachment.name} height="65vh" />
          ) : attachment.mediaType.startsWith('image/') ? (
            <ImagePreview blob={content.data} name={attachment.name} />
          ) : (
            <Alert severity="info">{t('attachments.noPreview')}</Alert>
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('attachments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
