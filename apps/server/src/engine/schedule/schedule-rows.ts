import {
  type ComponentDefinition,
  type CriticalPathSummary,
  FORM_MODES,
  type Language,
  MAX_SCHEDULE_ITEMS,
  type ScheduleItem,
  type ScheduleLink,
} from '@der/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { hasRestrictedFields, restrictedFieldsOf } from '../items/field-read-permissions.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeItemLinks } from '../links/links.table.ts';
import { PREDECESSOR_RELATION } from '../links/predecessors.ts';
import { writableColumn } from '../projects/item-access.ts';
import { compileFilter } from '../query/compile-filter.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { computeCriticalPath, ScheduleCycleError } from './critical-path.ts';
import { dateFieldOf, type ResolvedSchedule, type ScheduleDates, statusOf } from './schedule-view.ts';

const HOUR_MS = 3_600_000;

const CYCLE_MESSAGE = {
  'pt-BR': 'As predecessoras formam um ciclo ({cycle}): o caminho crítico não pode ser calculado.',
  en: 'The predecessors form a cycle ({cycle}): the critical path cannot be computed.',
} as const satisfies Record<Language, string>;

/** The schedule of one project, ready to answer or export. */
export interface BuiltSchedule {
  items: ScheduleItem[];
  links: ScheduleLink[];
  criticalPath: CriticalPathSummary;
  capped: boolean;
}

interface LoadedRow {
  id: number;
  componentId: number;
  version: number;
  formattedId: string;
  title: string;
  status: string | null;
  position: number;
  creatorId: number | null;
  responsibleId: number | null;
  projectId: number | null;
  createdAt: Date;
  modifiedAt: Date;
  data: Record<string, unknown>;
  writable: boolean | null;
}

/** An instant (ms) of a date key: a DATE_TIME value or a date system key; null when empty or unreadable. */
function instantOf(row: LoadedRow, key: string, hidden: ReadonlySet<string>): number | null {
  if (key === 'CreationDate') return row.createdAt.getTime();
  if (key === 'LastModify') return row.modifiedAt.getTime();
  if (hidden.has(key)) return null;
  const value = row.data[key];
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Both ends are fields the save may write (system dates are the platform's to keep). */
function datesAreFields(definition: ComponentDefinition, dates: ScheduleDates): boolean {
  return dateFieldOf(definition, dates.start) !== null && dateFieldOf(definition, dates.end) !== null;
}

/** The view query's sort of the activities: its first sort key when it is a field, compared as WBS codes. */
function wbsKeyOf(resolved: ResolvedSchedule): string | null {
  const query = resolved.component.queries.find((candidate) => candidate.id === resolved.view.queryId);
  const key = query?.sort?.[0]?.field;
  return key && resolved.component.fields.some((field) => field.key === key) ? key : null;
}

const WBS_ORDER = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/**
 * Reads the project's activities (the view's component, narrowed by the view's saved query) and the items
 * hanging on them that the actor sees, their finish-to-start predecessors (the links the forms' predecessor
 * component keeps, and the view's predecessors field), and runs the critical path over them.
 */
export async function buildSchedule(
  db: Db,
  actor: ItemActor,
  resolved: ResolvedSchedule,
  projectId: number,
): Promise<BuiltSchedule> {
  const { component, view, children } = resolved;
  const query = component.queries.find((candidate) => candidate.id === view.queryId);
  const ownFilter = query?.filter
    ? compileFilter(query.filter, component, { currentUserId: actor.userId })
    : undefined;
  const componentIds = [component.id, ...children.map((child) => child.definition.id)];
  const rows: LoadedRow[] = await db
    .select({
      id: runtimeItems.id,
      componentId: runtimeItems.componentId,
      version: runtimeItems.version,
      formattedId: runtimeItems.formattedId,
      title: runtimeItems.title,
      status: runtimeItems.status,
      position: runtimeItems.position,
      creatorId: runtimeItems.creatorId,
      responsibleId: runtimeItems.responsibleId,
      projectId: runtimeItems.projectId,
      createdAt: runtimeItems.createdAt,
      modifiedAt: runtimeItems.modifiedAt,
      data: runtimeItems.data,
      writable: writableColumn(actor),
    })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.projectId, projectId),
        inArray(runtimeItems.componentId, componentIds),
        visibleItemCondition(actor),
        ownFilter ? sql`(${runtimeItems.componentId} <> ${component.id} or ${ownFilter})` : undefined,
      ),
    )
    // Activities first: when capped, the tasks are what is left out.
    .orderBy(
      desc(sql`${runtimeItems.componentId} = ${component.id}`),
      asc(runtimeItems.position),
      asc(runtimeItems.id),
    )
    .limit(MAX_SCHEDULE_ITEMS + 1);
  const capped = rows.length > MAX_SCHEDULE_ITEMS;
  const kept = rows.slice(0, MAX_SCHEDULE_ITEMS);

  const definitions = new Map<number, ComponentDefinition>([
    [component.id, component],
    ...children.map((child) => [child.definition.id, child.definition] as const),
  ]);
  // Dates the actor may not see are not drawn either (field read permissions, issue 14).
  const hiddenOf = async (row: LoadedRow): Promise<ReadonlySet<string>> => {
    const definition = definitions.get(row.componentId)!;
    return hasRestrictedFields(definition) ? restrictedFieldsOf(db, actor, definition, row) : new Set();
  };

  const activities = kept.filter((row) => row.componentId === component.id);
  const activityIds = new Set(activities.map((row) => row.id));
  const wbsKey = wbsKeyOf(resolved);
  const ordered = wbsKey
    ? [...activities].sort(
        (a, b) =>
          WBS_ORDER.compare(String(a.data[wbsKey] ?? ''), String(b.data[wbsKey] ?? '')) ||
          a.position - b.position ||
          a.id - b.id,
      )
    : activities;

  const viewDates: ScheduleDates = {
    start: view.startField,
    end: view.endField,
    progress: view.progressField,
  };
  const items: ScheduleItem[] = [];
  const pending: Array<{ row: LoadedRow; parentId: number | null }> = [];
  const hangingOn = new Map<number, LoadedRow[]>();
  for (const row of kept) {
    if (row.componentId === component.id) continue;
    const child = children.find((entry) => entry.definition.id === row.componentId)!;
    const parent = row.data[child.parentField];
    const parentId = typeof parent === 'number' && activityIds.has(parent) ? parent : null;
    if (parentId === null) pending.push({ row, parentId });
    else {
      const siblings = hangingOn.get(parentId);
      if (siblings) siblings.push(row);
      else hangingOn.set(parentId, [row]);
    }
  }

  // Undated activities are drawn at the earliest date the schedule has (or today).
  const now = Date.now();
  const place = async (
    row: LoadedRow,
    kind: 'activity' | 'task',
    parent: ScheduleItem | null,
    wbs: string,
  ): Promise<ScheduleItem> => {
    const definition = definitions.get(row.componentId)!;
    const dates =
      kind === 'activity' ? viewDates : children.find((c) => c.definition.id === row.componentId)!.dates;
    const hidden = await hiddenOf(row);
    let start = dates ? instantOf(row, dates.start, hidden) : null;
    let end = dates ? instantOf(row, dates.end, hidden) : null;
    const dated = start !== null || end !== null;
    start ??= end;
    end ??= start;
    const fallback = parent ? Date.parse(parent.end) : now;
    start ??= fallback;
    end ??= fallback;
    if (end < start) end = start;
    const status = statusOf(definition, row.status, actor.language);
    const progressValue =
      dates?.progress && !hidden.has(dates.progress) ? row.data[dates.progress] : undefined;
    const progress =
      typeof progressValue === 'number'
        ? Math.min(100, Math.max(0, progressValue))
        : status.final
          ? 100
          : kind === 'task'
            ? 0
            : null;
    const startIso = new Date(start).toISOString();
    const endIso = new Date(end).toISOString();
    return {
      itemId: row.id,
      componentId: row.componentId,
      version: row.version,
      formId: definition.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null,
      formattedId: row.formattedId,
      title: row.title,
      kind,
      parentId: parent?.itemId ?? null,
      wbs,
      start: startIso,
      end: endIso,
      milestone: dates !== null && dates.start === dates.end,
      dated,
      progress,
      statusName: status.name,
      statusColor: status.color,
      movable: row.writable === true && dated && dates !== null && datesAreFields(definition, dates),
      critical: false,
      totalFloatHours: 0,
      earlyStart: startIso,
      earlyFinish: endIso,
      lateStart: startIso,
      lateFinish: endIso,
    };
  };

  for (const [index, row] of ordered.entries()) {
    const code = wbsKey ? row.data[wbsKey] : undefined;
    const activity = await place(
      row,
      'activity',
      null,
      typeof code === 'string' && code ? code : String(index + 1),
    );
    items.push(activity);
    const tasks = hangingOn.get(row.id) ?? [];
    const placed = await Promise.all(
      tasks.map((task, n) => place(task, 'task', activity, `${activity.wbs}.${n + 1}`)),
    );
    placed.sort((a, b) => a.start.localeCompare(b.start) || a.itemId - b.itemId);
    placed.forEach((task, n) => {
      task.wbs = `${activity.wbs}.${n + 1}`;
    });
    items.push(...placed);
  }
  for (const [n, { row }] of pending.entries())
    items.push(await place(row, 'task', null, String(ordered.length + n + 1)));

  const links = await predecessorLinks(db, resolved, kept, projectId);
  return { items, capped, ...criticalPathOf(items, links, actor.language) };
}

/**
 * The finish-to-start links among the rows: the forms' predecessor links (runtime_item_links, item → its
 * predecessor) and the view's predecessors field (a multiple reference), once each; links to items the actor
 * does not see are left out.
 */
async function predecessorLinks(
  db: Db,
  resolved: ResolvedSchedule,
  rows: readonly LoadedRow[],
  projectId: number,
): Promise<Array<{ from: number; to: number }>> {
  const shown = new Set(rows.map((row) => row.id));
  const stored = await db
    .select({ itemId: runtimeItemLinks.fromItemId, predecessorId: runtimeItemLinks.toItemId })
    .from(runtimeItemLinks)
    .innerJoin(runtimeItems, eq(runtimeItems.id, runtimeItemLinks.fromItemId))
    .where(and(eq(runtimeItemLinks.relation, PREDECESSOR_RELATION), eq(runtimeItems.projectId, projectId)));
  const pairs = stored.map((link) => ({ from: link.predecessorId, to: link.itemId }));
  const field = resolved.view.predecessorsField;
  if (field)
    for (const row of rows) {
      const value = row.data[field];
      if (row.componentId !== resolved.component.id || !Array.isArray(value)) continue;
      for (const id of value) if (typeof id === 'number') pairs.push({ from: id, to: row.id });
    }
  const seen = new Set<string>();
  return pairs.filter((pair) => {
    const key = `${pair.from}>${pair.to}`;
    if (seen.has(key) || !shown.has(pair.from) || !shown.has(pair.to)) return false;
    seen.add(key);
    return true;
  });
}

/** The CPM over the rows (their dates as planned), written into them; a cycle is answered, not thrown. */
function criticalPathOf(
  items: ScheduleItem[],
  links: ReadonlyArray<{ from: number; to: number }>,
  language: Language,
): { links: ScheduleLink[]; criticalPath: CriticalPathSummary } {
  if (items.length === 0)
    return { links: links.map((link) => ({ ...link, critical: false })), criticalPath: { status: 'empty' } };
  try {
    const result = computeCriticalPath(
      items.map((item) => ({ id: item.itemId, start: Date.parse(item.start), end: Date.parse(item.end) })),
      links,
    );
    for (const item of items) {
      const figures = result.tasks.get(item.itemId)!;
      item.critical = figures.critical;
      item.totalFloatHours = Math.round((figures.totalFloat / HOUR_MS) * 100) / 100;
      item.earlyStart = new Date(figures.earlyStart).toISOString();
      item.earlyFinish = new Date(figures.earlyFinish).toISOString();
      item.lateStart = new Date(figures.lateStart).toISOString();
      item.lateFinish = new Date(figures.lateFinish).toISOString();
    }
    const figuresOf = (id: number) => result.tasks.get(id)!;
    return {
      // A link is critical when it drives its successor: both ends critical and no gap between them.
      links: links.map((link) => ({
        ...link,
        critical:
          figuresOf(link.from).critical &&
          figuresOf(link.to).critical &&
          figuresOf(link.from).earlyFinish === figuresOf(link.to).earlyStart,
      })),
      criticalPath: {
        status: 'computed',
        projectStart: new Date(result.projectStart).toISOString(),
        projectFinish: new Date(result.projectFinish).toISOString(),
      },
    };
  } catch (error) {
    if (!(error instanceof ScheduleCycleError)) throw error;
    const named = new Map(items.map((item) => [item.itemId, item.formattedId]));
    const cycle = error.cycle.map((id) => named.get(id) ?? String(id));
    return {
      links: links.map((link) => ({ ...link, critical: false })),
      criticalPath: {
        status: 'cycle',
        cycle,
        message: CYCLE_MESSAGE[language].replace('{cycle}', [...cycle, cycle[0]].join(' → ')),
      },
    };
  }
}
