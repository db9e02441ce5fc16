import type { ListControlData, ListQueryBody } from '@der/contracts';
import type { DataTableQuery } from '../../../shared/ui/DataTable/dataTableTypes.ts';

/** Which list a screen shows: a component, maybe inside a project, maybe through a saved query and a view. */
export interface ListScope {
  componentId: number;
  projectId: number | null;
  /** From the route (list/{componentID}/{form}/{query}/{view}); 0 means none. */
  queryId: number;
  viewId: number;
}

/**
 * The body executeFilter and exportExcel share. A saved query or view the definition does not have (menu links
 * write ids that a definition may not define) is left out rather than failing the whole list.
 */
export function listQueryBody(
  scope: ListScope,
  control: Pick<ListControlData, 'queries' | 'views' | 'columns'>,
  query: DataTableQuery,
): ListQueryBody {
  const queryId = control.queries.some((saved) => saved.id === scope.queryId) ? scope.queryId : undefined;
  const viewId = control.views.some((view) => view.id === scope.viewId) ? scope.viewId : undefined;
  return {
    componentID: scope.componentId,
    projectId: scope.projectId,
    queryId,
    viewId,
    filters: query.filters,
    logicSeparator: 'AND',
    sort: query.sort ?? undefined,
    // The columns shown, in order: a column the user brings back from the toggles is answered too (without
    // it the server would answer the view's columns only).
    viewColumns: control.columns
      .filter((column) => !query.hiddenColumns.includes(column.name))
      .map((column) => column.name),
    hidedColumns: query.hiddenColumns,
  };
}
