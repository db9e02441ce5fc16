import { type ExecuteFilterResult, type ListControlData, listingRoutes } from '@der/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiCall } from '../../../api/apiClient.ts';
import type { DataTableQuery } from '../../../shared/ui/DataTable/dataTableTypes.ts';
import { type ListScope, listQueryBody } from './listRequest.ts';

export const listRowsQueryKey = (scope: ListScope) => ['runtime', 'list', scope] as const;

/**
 * One page of a list from executeFilter. Pages reached one after another go by the previous page's cursor
 * (the server reads the next rows by index, no OFFSET scan of a million rows); a page jumped to goes by number.
 * Cursors belong to one order and filter: a new query starts from scratch.
 */
export function useListRows(
  scope: ListScope,
  control: Pick<ListControlData, 'queries' | 'views' | 'columns'> | undefined,
  query: DataTableQuery | null,
) {
  const queryClient = useQueryClient();
  const cursors = useRef<{ signature: string; byPage: Map<number, string> }>({
    signature: '',
    byPage: new Map(),
  });
  const body = control && query ? listQueryBody(scope, control, query) : null;
  const signature = JSON.stringify([body, query?.rowsPerPage]);
  if (cursors.current.signature !== signature) cursors.current = { signature, byPage: new Map() };
  const page = query?.page ?? 1;
  const queryKey = [...listRowsQueryKey(scope), signature, page] as const;

  const result = useQuery({
    queryKey,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const known = cursors.current;
      const after = known.byPage.get(page);
      const answer = await apiCall(listingRoutes.executeFilter, {
        body: { ...body!, page, rowsPerPage: query!.rowsPerPage, after },
        signal,
      });
      if (answer.nextCursor && known === cursors.current) known.byPage.set(page + 1, answer.nextCursor);
      return answer;
    },
  });

  /** Reads one item again (after an edit or a conflict) and puts it in place in the page shown. */
  const reloadRow = async (id: number) => {
    if (!body) return;
    const answer = await apiCall(listingRoutes.executeFilter, {
      body: {
        componentID: body.componentID,
        projectId: body.projectId,
        filters: [{ field: 'ID', operator: 'eq', value: id }],
        hidedColumns: body.hidedColumns,
        page: 1,
        rowsPerPage: 1,
      },
    });
    queryClient.setQueryData<ExecuteFilterResult>(queryKey, (current) => {
      if (!current) return current;
      const fresh = answer.rows[0];
      return {
        ...current,
        // An item the user may no longer see leaves the page.
        rows: fresh
          ? current.rows.map((row) => (row.ID === id ? fresh : row))
          : current.rows.filter((row) => row.ID !== id),
        users: { ...current.users, ...answer.users },
      };
    });
  };

  return { ...result, body, reloadRow };
}
