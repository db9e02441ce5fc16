import type {
  ColumnDefinition,
  FieldDefinition,
  FilterGroup,
  Language,
  ListQuery,
  ListView,
  SavedQuery,
} from '@der/contracts';
import { and, type SQL } from 'drizzle-orm';
import { AppError } from '../../infra/http/app-error.ts';
import { compileFilter } from './compile-filter.ts';
import { countIndexExpression } from './count-index.ts';
import { fieldError } from './filter-errors.ts';
import type { ItemViewer } from './item-visibility.ts';
import { listColumns } from './list-columns.ts';
import type { ListComponent } from './list-component.ts';
import { type ListOrder, resolveOrder } from './list-order.ts';
import type { ListScope } from './list-query.ts';

/** Newest first when neither the request nor its saved query orders the list (served by the id index). */
export const DEFAULT_SORT = { field: 'ID', sortDirection: 'desc' } as const;

/** A list request resolved against the component's definition: what to read, in which order, which columns. */
export interface ResolvedList {
  component: ListComponent;
  scope: ListScope;
  order: ListOrder;
  /** The columns answered and exported, in order (hidden ones left out). */
  columns: ColumnDefinition[];
  /** The configured fields among those columns. */
  fields: FieldDefinition[];
  savedQuery: SavedQuery | undefined;
}

function findSavedQuery(component: ListComponent, queryId: number | undefined): SavedQuery | undefined {
  if (queryId === undefined) return undefined;
  const query = (component.definition.queries ?? []).find((candidate) => candidate.id === queryId);
  if (!query) throw new AppError('NOT_FOUND');
  return query;
}

export function findListView(component: ListComponent, viewId: number | undefined): ListView | undefined {
  const views = component.definition.listViews ?? [];
  if (viewId === undefined) return views[0];
  const view = views.find((candidate) => candidate.id === viewId);
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}

/**
 * The columns a request answers: `viewColumns` when given (each checked against the definition), else the
 * view's (or the default) visible columns; minus `hidedColumns`.
 */
function answeredColumns(
  component: ListComponent,
  request: Pick<ListQuery, 'viewId' | 'viewColumns' | 'hidedColumns'>,
  language: Language,
): ColumnDefinition[] {
  const all = listColumns(component.definition, language, findListView(component, request.viewId));
  const hidden = new Set(request.hidedColumns ?? []);
  let chosen: ColumnDefinition[];
  if (request.viewColumns) {
    const byName = new Map(all.map((column) => [column.name, column]));
    chosen = request.viewColumns.map((name) => {
      const column = byName.get(name);
      if (!column) throw fieldError('viewColumns', name, 'unknownField');
      return column;
    });
  } else {
    chosen = all.filter((column) => column.visible);
  }
  return chosen.filter((column) => !hidden.has(column.name));
}

/**
 * Resolves a list request (executeFilter, exports): the filter tree (the request's root group ANDed with the
 * saved query's) compiled against the definition, the order (request, else saved query, else newest first),
 * the scope (component, project, the viewer's visibility) and the answered columns.
 */
export function resolveList(
  component: ListComponent,
  viewer: ItemViewer,
  request: ListQuery,
  language: Language,
): ResolvedList {
  const savedQuery = findSavedQuery(component, request.queryId);
  const root: FilterGroup = { logicSeparator: request.logicSeparator, filters: request.filters };
  const context = { currentUserId: viewer.userId };
  const filters: SQL[] = [compileFilter(root, component.definition, context)];
  if (savedQuery) filters.push(compileFilter(savedQuery.filter, component.definition, context));
  const sort = request.sort ?? savedQuery?.sort[0] ?? DEFAULT_SORT;
  const columns = answeredColumns(component, request, language);
  const names = new Set(columns.map((column) => column.name));
  return {
    component,
    scope: {
      componentId: component.definition.id,
      projectId: request.projectId ?? undefined,
      viewer,
      filter: and(...filters),
      countIndex: countIndexExpression(component.definition, [
        root,
        ...(savedQuery ? [savedQuery.filter] : []),
      ]),
    },
    order: resolveOrder(component.definition, sort),
    columns,
    fields: component.definition.fields.filter((field) => names.has(field.key)),
    savedQuery,
  };
}
