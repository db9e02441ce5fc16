import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormAttachmentServices } from './attachmentTypes.ts';

/** One page of the attachments matching `search` by name or file index; idle without attachment services. */
export function useFileIndexSearch(
  attachments: FormAttachmentServices | undefined,
  search: string,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: ['file-index-search', search, page],
    queryFn: () => attachments!.searchIndexes({ search: search || undefined, page: page + 1, pageSize }),
    enabled: attachments !== undefined,
    placeholderData: keepPreviousData,
  });
}
