import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentAction } from '../../../shared/ui/FormRenderer/attachments/attachmentTypes.ts';
import { SignAttachmentDialog } from './SignAttachmentDialog.tsx';
import { StampAttachmentDialog } from './StampAttachmentDialog.tsx';

/**
 * The attachment row actions 'Assinar' and 'Carimbar' (spec §7.6) for the runtime form page. Offered on PDFs
 * the user may change, 'Assinar' also where a workflow step waits for their signature; 'Carimbar' only while the document is neither stamped nor signed (stamp, then sign).
 * The server enforces the same rules.
 */
export function useSignatureAttachmentActions(): AttachmentAction[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'stamp',
        label: t('signatures.stamp'),
        isAvailable: ({ attachment, canEdit }) =>
          canEdit &&
          attachment.mediaType === 'application/pdf' &&
          !attachment.stamped &&
          attachment.signatureCount === 0,
        renderDialog: (context) => <StampAttachmentDialog {...context} />,
      },
      {
        key: 'sign',
        label: t('signatures.sign'),
        isAvailable: ({ attachment, canEdit, awaitingMySignature }) =>
          (canEdit || awaitingMySignature) && attachment.mediaType === 'application/pdf',
        renderDialog: (context) => <SignAttachmentDialog {...context} />,
      },
    ],
    [t],
  );
}
