import { type AuditFiltersInput, adminAuditRoutes } from '@der/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import { downloadBlob } from '../../../shared/ui/DataTable/downloadBlob.ts';
import type { MutationCallbacks } from '../shared/mutationCallbacks.ts';

const PAGE_SIZE = 50;

/** The audit trail under the filters, newest first, a page at a time (keyset: before the last id). */
export function useAuditLog(filters: AuditFiltersInput) {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiCall(adminAuditRoutes.list, {
        body: { ...filters, beforeId: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry: false,
  });
}

/** Checks the hash chain of the trail; the answer says whether it is intact. */
export function useVerifyAuditChain(callbacks: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: () => apiCall(adminAuditRoutes.verify), ...callbacks });
}

/** Downloads the trail under the filters as CSV (audit-<date>.csv). */
export function useExportAuditCsv(filters: AuditFiltersInput, callbacks: MutationCallbacks<void>) {
  return useMutation({
    mutationFn: async () => {
      const text = await apiCall(adminAuditRoutes.exportCsv, { query: filters });
      const blob = new Blob([String(text)], { type: 'text/csv;charset=utf-8' });
      downloadBlob(blob, `audit-${new Date().toISOString().slice(0, 10)}.csv`);
    },
    ...callbacks,
  });
}
