import type { Schedule, ScheduleItem } from '@der/contracts';

/** A row as SVAR Gantt draws it, with the schedule item it came from. */
export interface GanttTask {
  id: number;
  text: string;
  start: Date;
  end: Date;
  progress: number;
  /** 'critical' is our own task type: the bar gets the class `critical` (styled by the page). */
  type: 'task' | 'critical' | 'milestone';
  parent: number;
  /** Only on rows with rows under them: the library takes `open` on a leaf for a branch still to load. */
  open?: boolean;
  wbs: string;
  startText: string;
  endText: string;
  criticalText: string;
  item: ScheduleItem;
}

export interface GanttLink {
  id: number;
  source: number;
  target: number;
  type: 'e2s';
}

/** Dates as the page shows them: São Paulo days (the platform's dates, architecture "Dates"). */
export function dateFormatter(language: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return (iso) => format.format(new Date(iso));
}

/**
 * The schedule as SVAR Gantt's tasks and links: activities at the top, their tasks under them (open), a task
 * hanging on nothing the user sees at the top too; finish-to-start links as 'e2s'.
 */
export function toGantt(
  schedule: Schedule,
  language: string,
  words: { critical: string; notCritical: string },
): { tasks: GanttTask[]; links: GanttLink[] } {
  const format = dateFormatter(language);
  const parents = new Set(schedule.items.flatMap((item) => (item.parentId === null ? [] : [item.parentId])));
  const tasks = schedule.items.map(
    (item): GanttTask => ({
      id: item.itemId,
      text: `${item.formattedId} ${item.title}`.trim(),
      start: new Date(item.start),
      end: new Date(item.end),
      progress: Math.round(item.progress ?? 0),
      type: item.milestone ? 'milestone' : item.critical ? 'critical' : 'task',
      parent: item.parentId ?? 0,
      ...(parents.has(item.itemId) ? { open: true } : {}),
      wbs: item.wbs,
      startText: format(item.start),
      endText: format(item.end),
      criticalText: item.critical ? words.critical : words.notCritical,
      item,
    }),
  );
  const links = schedule.links.map(
    (link, index): GanttLink => ({ id: index + 1, source: link.from, target: link.to, type: 'e2s' }),
  );
  return { tasks, links };
}

/**
 * A São Paulo day (yyyy-mm-dd) with the time of day `iso` has there: what the date fields of the keyboard
 * path write (Brazil keeps UTC−3 all year since 2019, so the offset is fixed).
 */
export function withDay(iso: string, day: string): string {
  const wall = new Date(new Date(iso).getTime() - 3 * 3_600_000);
  const time = wall.toISOString().slice(11, 19);
  return new Date(`${day}T${time}-03:00`).toISOString();
}

/** The São Paulo day (yyyy-mm-dd) of an instant. */
export function dayOf(iso: string): string {
  return new Date(new Date(iso).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}
