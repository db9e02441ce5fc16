import type { ColumnDefinition, ListControlData } from '@der/contracts';

/**
 * The columns of a list opened through a view (the route's {view}): the view's columns first, in its order and
 * shown, the others hidden but still offered by the column toggles. Without that view, the columns as sent.
 */
export function applyListView(
  control: Pick<ListControlData, 'columns' | 'views'>,
  viewId: number,
): ColumnDefinition[] {
  const view = control.views.find((candidate) => candidate.id === viewId);
  if (!view) return control.columns;
  const byName = new Map(control.columns.map((column) => [column.name, column]));
  const shown = view.columns.flatMap((name) => {
    const column = byName.get(name);
    if (!column) return [];
    byName.delete(name);
    return [{ ...column, visible: true }];
  });
  return [...shown, ...[...byName.values()].map((column) => ({ ...column, visible: false }))];
}
