import type { Attachment } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormAttachmentServices } from './attachmentTypes.ts';

/** One version of an attachment's file, for preview; a version never changes, so it is never asked again. */
export function useAttachmentContent(services: FormAttachmentServices, attachment: Attachment) {
  return useQuery({
    queryKey: ['attachment-content', attachment.attachmentId, attachment.version],
    queryFn: () => services.download(attachment.attachmentId, attachment.version),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
