import type { AttachmentList } from '@der/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FormAttachmentServices } from './attachmentTypes.ts';

/**
 * An attachments widget's files and its file-index configurations, with `setList` (a write's answer is the new
 * list) and `refresh` (ask again).
 */
export function useAttachmentList(services: FormAttachmentServices, itemId: number, widgetKey: string) {
  const queryClient = useQueryClient();
  const queryKey = ['attachments', itemId, widgetKey];
  const list = useQuery({ queryKey, queryFn: () => services.load(widgetKey) });
  const indexes = useQuery({
    queryKey: ['attachment-index-configs', itemId, widgetKey],
    queryFn: () => services.loadIndexConfigs(widgetKey),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setList = useCallback(
    (answer: AttachmentList) => queryClient.setQueryData(['attachments', itemId, widgetKey], answer),
    [queryClient, itemId, widgetKey],
  );
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['attachments', itemId, widgetKey] }),
    [queryClient, itemId, widgetKey],
  );
  return { list, indexes, setList, refresh };
}
