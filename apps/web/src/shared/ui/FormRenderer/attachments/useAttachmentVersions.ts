import type { Attachment } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormAttachmentServices } from './attachmentTypes.ts';

/** An attachment's versions; its current version is in the key, so a new version asks again. */
export function useAttachmentVersions(services: FormAttachmentServices, attachment: Attachment) {
  return useQuery({
    queryKey: ['attachment-versions', attachment.attachmentId, attachment.version],
    queryFn: () => services.versions(attachment.attachmentId),
  });
}
