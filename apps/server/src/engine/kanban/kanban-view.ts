import {
  type ColumnItem,
  type ComponentDefinition,
  DEFAULT_LANE_COLOR,
  type FilterGroup,
  type KanbanView,
  type Language,
  type ListQuery,
} from '@der/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition } from '../items/application-grant.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { picklistItems, statusItems } from '../query/list-columns.ts';
import type { ListComponent } from '../query/list-component.ts';

/** A kanban view with its component (of a granted application), and the lanes it draws. */
export interface ResolvedBoard {
  component: ListComponent;
  view: KanbanView;
  /** Lanes are the workflow's statuses (a drop runs an action) rather than a field's options. */
  byStatus: boolean;
  lanes: Array<{ value: string; name: string; color: string; allowCreate: boolean }>;
}

/**
 * The component holding kanban view `viewId` among the viewer's granted applications (view ids are unique
 * across the platform: definition-uniqueness.ts), 404 otherwise — an ungranted view tells nothing.
 */
export async function loadBoard(db: Db, viewer: ItemViewer, viewId: number, language: Language) {
  const [row] = await db
    .select()
    .from(runtimeComponents)
    .where(
      and(
        isNull(runtimeComponents.removedAt),
        sql`${runtimeComponents.definition} -> 'kanbanViews' @> ${JSON.stringify([{ id: viewId }])}::jsonb`,
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    )
    .limit(1);
  const view = row?.definition.kanbanViews.find((candidate) => candidate.id === viewId);
  if (!row || !view) throw new AppError('NOT_FOUND');
  return resolveBoard({ definition: row.definition, applicationId: row.applicationId }, view, language);
}

function laneChoices(definition: ComponentDefinition, view: KanbanView, language: Language): ColumnItem[] {
  if (view.laneField === 'StatusName') return statusItems(definition, language);
  const field = definition.fields.find((candidate) => candidate.key === view.laneField);
  if (field?.type === 'PICKLIST') return picklistItems(field, language);
  if (field?.type === 'ITEM_TYPE_STATUS') return statusItems(definition, language);
  return [];
}

export function resolveBoard(component: ListComponent, view: KanbanView, language: Language): ResolvedBoard {
  const { definition } = component;
  const byStatus = view.laneField === 'StatusName';
  const choices = laneChoices(definition, view, language);
  const initial = definition.workflow?.statuses.find((status) => status.initial)?.key;
  const configured =
    view.lanes.length > 0
      ? view.lanes
      : choices.map((choice) => ({
          value: choice.value,
          color: choice.color ?? DEFAULT_LANE_COLOR,
          allowCreate: false,
        }));
  return {
    component,
    view,
    byStatus,
    lanes: configured.map((lane) => ({
      value: lane.value,
      name: choices.find((choice) => choice.value === lane.value)?.text ?? lane.value,
      color: lane.color,
      // An item is created in the initial status: no other status lane can take a new card.
      allowCreate: lane.allowCreate && (!byStatus || lane.value === initial),
    })),
  };
}

/** What narrows a board: the saved query chosen and the search box. */
export interface BoardFilter {
  queryId?: number | undefined;
  search?: string | undefined;
}

/** The search box: the text in the title or the formatted id. */
function searchGroup(search: string): FilterGroup {
  return {
    logicSeparator: 'OR',
    filters: [
      { field: 'Title', operator: 'contains', value: search },
      { field: 'FormattedID', operator: 'contains', value: search },
    ],
  };
}

/**
 * The list request of one lane (or of the whole board when `lane` is undefined; of one swimlane cell with a
 * `responsibleId`): the lane's value, the search,
 * the chosen saved query and the view's own (both hold when they differ), the card fields as its columns. The
 * list machinery (resolveList) compiles it against the definition with the visibility predicate.
 */
export function laneQuery(
  board: ResolvedBoard,
  filter: BoardFilter,
  lane: string | undefined,
  responsibleId?: number | null,
): ListQuery {
  const { view } = board;
  const filters: ListQuery['filters'] = [];
  if (lane !== undefined) filters.push({ field: view.laneField, operator: 'eq', value: lane });
  // A swimlane cell: one responsible's cards, or those of none.
  if (responsibleId === null) filters.push({ field: 'ResponsibleName', operator: 'isEmpty' });
  else if (responsibleId !== undefined)
    filters.push({ field: 'ResponsibleName', operator: 'eq', value: responsibleId });
  if (filter.search) filters.push(searchGroup(filter.search));
  const queryId = filter.queryId ?? view.queryId;
  if (view.queryId !== undefined && queryId !== view.queryId) {
    const own = board.component.definition.queries.find((query) => query.id === view.queryId);
    if (own) filters.push(own.filter);
  }
  const columns = [
    ...new Set([...view.cardFields, view.laneField, ...(view.colorField ? [view.colorField] : [])]),
  ];
  return {
    componentID: board.component.definition.id,
    projectId: undefined,
    queryId,
    filters,
    logicSeparator: 'AND',
    viewColumns: columns,
  };
}
