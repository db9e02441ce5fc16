import {
  type CalendarView,
  type ComponentDefinition,
  type FieldDefinition,
  FORM_MODES,
  type Language,
  localize,
} from '@der/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { fieldValueExpression } from '../items/field-expression.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

/**
 * The platform's days are São Paulo days. Brazil has kept UTC−3 all year since 2019, so a fixed offset turns
 * a day into its first instant without a time-zone database.
 */
const SAO_PAULO_OFFSET = '-03:00';
const DAY_MS = 86_400_000;

/** The instants [start, end) of the São Paulo days `from` to `to` (both included), as ISO texts. */
export function dayRange(from: string, to: string): { start: string; end: string } {
  const first = new Date(`${from}T00:00:00${SAO_PAULO_OFFSET}`);
  const last = new Date(`${to}T00:00:00${SAO_PAULO_OFFSET}`);
  return { start: first.toISOString(), end: new Date(last.getTime() + DAY_MS).toISOString() };
}

/** A system date column as the same fixed-width ISO UTC text DATE_TIME values are stored as. */
function isoText(column: typeof runtimeItems.createdAt | typeof runtimeItems.modifiedAt): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A non-deprecated DATE_TIME field of the component: the only dates a calendar may write. */
export function dateFieldOf(component: ComponentDefinition, key: string | undefined): FieldDefinition | null {
  const field = component.fields.find((candidate) => candidate.key === key);
  return field?.type === 'DATE_TIME' && !field.deprecated ? field : null;
}

/**
 * The text expression of a date a calendar reads: a date field of the component or a date system key. Anything
 * else (a definition naming a removed field) gives null: the component is left out rather than an unchecked key
 * reaching SQL.
 */
function dateExpression(component: ComponentDefinition, key: string): SQL<string> | null {
  if (key === 'CreationDate') return isoText(runtimeItems.createdAt);
  if (key === 'LastModify') return isoText(runtimeItems.modifiedAt);
  const field = dateFieldOf(component, key);
  return field ? (fieldValueExpression(field) as SQL<string>) : null;
}

/** Which dates place items: a view's start (and end) fields. */
export interface CalendarDates {
  start: string;
  end?: string | undefined;
  view?: CalendarView | undefined;
}

function statusOf(component: ComponentDefinition, key: string | null) {
  return key ? component.workflow?.statuses.find((status) => status.key === key) : undefined;
}

/** The entry's colour: the view's colour field (PICKLIST option or status) or fixed colour, else its status's. */
function colorOf(
  component: ComponentDefinition,
  view: CalendarView | undefined,
  row: { status: string | null; colorValue: unknown },
): string | undefined {
  const statusColor = statusOf(component, row.status)?.color;
  if (view?.colorField === 'StatusName' && statusColor) return statusColor;
  if (view?.colorField && view.colorField !== 'StatusName') {
    const field = component.fields.find((candidate) => candidate.key === view.colorField);
    const option = field?.options?.find((candidate) => candidate.value === row.colorValue);
    if (option?.color) return option.color;
  }
  return view?.color ?? statusColor;
}

/** An item placed on a calendar, in the shape both calendars (project widget, application page) build on. */
export interface PlacedItem {
  itemId: number;
  componentId: number;
  version: number;
  formId: number | null;
  formattedId: string;
  title: string;
  date: string;
  endDate?: string;
  statusColor?: string;
  statusName?: string;
}

/**
 * The visible items of `component` (narrowed by `scope`) whose dates fall within `range`, first by date, at most
 * `limit` + 1 (so the caller can tell the answer was capped). A span shows on every day it covers.
 */
export async function placedItemsOf(
  db: Db,
  viewer: ItemViewer & { language: Language },
  component: ComponentDefinition,
  dates: CalendarDates,
  range: { start: string; end: string },
  scope: SQL | undefined,
  limit: number,
): Promise<PlacedItem[]> {
  const start = dateExpression(component, dates.start);
  if (!start) return [];
  const end = dates.end ? dateExpression(component, dates.end) : null;
  const colorKey = dates.view?.colorField;
  const colorField = component.fields.find((field) => field.key === colorKey && field.type === 'PICKLIST');
  const rows = await db
    .select({
      itemId: runtimeItems.id,
      version: runtimeItems.version,
      formattedId: runtimeItems.formattedId,
      title: runtimeItems.title,
      status: runtimeItems.status,
      date: start,
      endDate: end ?? sql<null>`null`,
      colorValue: colorField ? fieldValueExpression(colorField) : sql<null>`null`,
    })
    .from(runtimeItems)
    .where(
      and(
        scope,
        eq(runtimeItems.componentId, component.id),
        visibleItemCondition(viewer),
        sql`${start} is not null`,
        sql`${start} < ${range.end}`,
        // A span overlaps the range unless it ended before it began.
        sql`coalesce(${end ?? start}, ${start}) >= ${range.start}`,
      ),
    )
    .orderBy(asc(start), asc(runtimeItems.id))
    .limit(limit + 1);
  const formId = component.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null;
  return rows.map((row) => {
    const status = statusOf(component, row.status);
    const color = colorOf(component, dates.view, row);
    const endDate = typeof row.endDate === 'string' && row.endDate > row.date ? row.endDate : undefined;
    return {
      itemId: row.itemId,
      componentId: component.id,
      version: row.version,
      formId,
      formattedId: row.formattedId,
      title: row.title,
      date: row.date,
      ...(endDate ? { endDate } : {}),
      ...(color ? { statusColor: color } : {}),
      ...(status ? { statusName: localize(status.name, viewer.language) } : {}),
    };
  });
}
