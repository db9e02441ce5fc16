import { printLayoutRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/apiClient.ts';

export interface PrintLayoutRequest {
  itemId: number;
  printLayoutId: number;
  language: 'pt-BR' | 'en';
}

/** The PDF of a print layout of an item (spec §7.7 /PrintLayoutViewer), fetched with the session's header. */
export function usePrintLayoutPdf(request: PrintLayoutRequest | null) {
  return useQuery({
    queryKey: ['print-layout-pdf', request],
    queryFn: async () => (await apiCall(printLayoutRoutes.printLayoutViewer, { query: request! })) as Blob,
    enabled: request !== null,
    // The document is the item of now: printed again on every visit, never retried on a refusal (404).
    staleTime: 0,
    retry: false,
  });
}

/** itemId and printLayoutId of the page's query (`id` is the layout, as the spec's legacy frame names it). */
export function parsePrintLayoutQuery(search: string, language: string): PrintLayoutRequest | null {
  const params = new URLSearchParams(search);
  const itemId = Number(params.get('itemId'));
  const printLayoutId = Number(params.get('printLayoutId') ?? params.get('id'));
  if (!Number.isSafeInteger(itemId) || itemId <= 0) return null;
  if (!Number.isSafeInteger(printLayoutId) || printLayoutId <= 0) return null;
  return { itemId, printLayoutId, language: language === 'en' ? 'en' : 'pt-BR' };
}
