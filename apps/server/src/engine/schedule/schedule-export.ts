import { PassThrough } from 'node:stream';
import type { Language, ScheduleItem } from '@der/contracts';
import { neutralizeFormula } from '../excel/excel-cells.ts';
import { toSaoPauloWallClock } from '../excel/sao-paulo-time.ts';
import { startXlsxSheet } from '../excel/xlsx-stream-writer.ts';
import type { BuiltSchedule } from './schedule-rows.ts';

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;

const HEADERS = {
  'pt-BR': {
    wbs: 'EAP',
    id: 'Identificador',
    name: 'Nome',
    kind: 'Tipo',
    start: 'Início',
    end: 'Término',
    duration: 'Duração (dias)',
    progress: 'Concluído (%)',
    predecessors: 'Predecessoras',
    critical: 'Crítica',
    float: 'Folga total (dias)',
    status: 'Situação',
    activity: 'Atividade',
    task: 'Tarefa',
    yes: 'Sim',
    no: 'Não',
  },
  en: {
    wbs: 'WBS',
    id: 'ID',
    name: 'Name',
    kind: 'Type',
    start: 'Start',
    end: 'Finish',
    duration: 'Duration (days)',
    progress: 'Done (%)',
    predecessors: 'Predecessors',
    critical: 'Critical',
    float: 'Total float (days)',
    status: 'Status',
    activity: 'Activity',
    task: 'Task',
    yes: 'Yes',
    no: 'No',
  },
} as const satisfies Record<Language, Record<string, string>>;

const days = (hours: number) => Math.round((hours / DAY_HOURS) * 100) / 100;

/** The predecessors of each row as their formatted ids (what a planner reads in the sheet). */
function predecessorsByItem(schedule: BuiltSchedule): Map<number, string[]> {
  const named = new Map(schedule.items.map((item) => [item.itemId, item.formattedId]));
  const result = new Map<number, string[]>();
  for (const link of schedule.links)
    result.set(link.to, [...(result.get(link.to) ?? []), named.get(link.from) ?? String(link.from)]);
  return result;
}

/**
 * The schedule as a one-sheet .xlsx (the platform's streamed writer, engine/excel): a row per activity and
 * task in WBS order, dates as São Paulo wall-clock cells, texts neutralised against formula injection.
 */
export function scheduleXlsx(schedule: BuiltSchedule, sheetName: string, language: Language): PassThrough {
  const text = HEADERS[language];
  const sink = new PassThrough();
  const dateFormat = 'dd/mm/yyyy hh:mm';
  const sheet = startXlsxSheet(sink, sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'EAP', [
    { header: text.wbs, width: 12, numFmt: undefined },
    { header: text.id, width: 18, numFmt: undefined },
    { header: text.name, width: 48, numFmt: undefined },
    { header: text.kind, width: 12, numFmt: undefined },
    { header: text.start, width: 18, numFmt: dateFormat },
    { header: text.end, width: 18, numFmt: dateFormat },
    { header: text.duration, width: 14, numFmt: '0.00' },
    { header: text.progress, width: 14, numFmt: '0' },
    { header: text.predecessors, width: 30, numFmt: undefined },
    { header: text.critical, width: 10, numFmt: undefined },
    { header: text.float, width: 16, numFmt: '0.00' },
    { header: text.status, width: 18, numFmt: undefined },
  ]);
  const predecessors = predecessorsByItem(schedule);
  const rows = schedule.items.map((item) => [
    neutralizeFormula(item.wbs),
    neutralizeFormula(item.formattedId),
    neutralizeFormula(item.title),
    item.kind === 'activity' ? text.activity : text.task,
    toSaoPauloWallClock(new Date(item.start)),
    toSaoPauloWallClock(new Date(item.end)),
    days((Date.parse(item.end) - Date.parse(item.start)) / HOUR_MS),
    item.progress,
    (predecessors.get(item.itemId) ?? []).join(', ') || null,
    item.critical ? text.yes : text.no,
    days(item.totalFloatHours),
    item.statusName === null ? null : neutralizeFormula(item.statusName),
  ]);
  void (async () => {
    try {
      await sheet.writeRows(rows);
      await sheet.finish();
    } catch (error) {
      sink.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return sink;
}

const XML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML cannot carry.
const XML_UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
function xml(text: string): string {
  return text.replace(XML_UNSAFE, '').replace(/[<>&"']/g, (char) => XML_ESCAPES[char]!);
}

/** MSPDI dates are local readings without a zone: the São Paulo wall clock, to the second. */
function projectDate(iso: string): string {
  return toSaoPauloWallClock(new Date(iso)).toISOString().slice(0, 19);
}

/** An MSPDI duration (xsd:duration as MS Project writes it): PT<h>H<m>M<s>S. */
export function msProjectDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return `PT${hours}H${minutes}M${totalSeconds % 60}S`;
}

/**
 * A 24-hour calendar (every day worked round the clock): the schedule's durations are elapsed time between its
 * dates, and MS Project reads a duration in the project calendar's working time — under its 8-hour standard
 * calendar a 30-day activity would become 90 working days.
 */
const CALENDAR_XML =
  '<Calendars><Calendar><UID>1</UID><Name>24 Horas</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID><WeekDays>' +
  [1, 2, 3, 4, 5, 6, 7]
    .map(
      (day) =>
        `<WeekDay><DayType>${day}</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>00:00:00</FromTime><ToTime>00:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>`,
    )
    .join('') +
  '</WeekDays></Calendar></Calendars>';

/**
 * The schedule as MS Project XML (MSPDI, namespace http://schemas.microsoft.com/project): a Task per row with
 * UID, ID, Name, WBS, OutlineLevel (activities 1, their tasks 2), Start, Finish, Duration, PercentComplete, a
 * "start no earlier than" constraint on the planned start (so MS Project keeps the dates while it schedules),
 * and a PredecessorLink (Type 1 = finish-to-start) per predecessor. An activity with tasks under it becomes a
 * summary in MS Project; it is written manually scheduled so it keeps its own dates rather than its tasks'.
 * Elements follow the order of the MSPDI schema's sequences.
 */
export function scheduleMsProjectXml(schedule: BuiltSchedule, project: { title: string }, now: Date): string {
  const uidOf = new Map(schedule.items.map((item, index) => [item.itemId, index + 1]));
  const predecessors = new Map<number, number[]>();
  for (const link of schedule.links)
    predecessors.set(link.to, [...(predecessors.get(link.to) ?? []), uidOf.get(link.from)!]);
  const hasChildren = new Set(
    schedule.items.flatMap((item) => (item.parentId === null ? [] : [item.parentId])),
  );
  const times = schedule.items.flatMap((item) => [Date.parse(item.start), Date.parse(item.end)]);
  const start = new Date(times.length > 0 ? Math.min(...times) : now.getTime()).toISOString();
  const finish = new Date(times.length > 0 ? Math.max(...times) : now.getTime()).toISOString();

  const taskXml = (item: ScheduleItem): string => {
    const uid = uidOf.get(item.itemId)!;
    const summary = hasChildren.has(item.itemId);
    const duration = msProjectDuration(Date.parse(item.end) - Date.parse(item.start));
    const links = (predecessors.get(item.itemId) ?? [])
      .map(
        (from) =>
          `<PredecessorLink><PredecessorUID>${from}</PredecessorUID><Type>1</Type><CrossProject>0</CrossProject><LinkLag>0</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`,
      )
      .join('');
    return (
      `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>${xml(`${item.formattedId} ${item.title}`.trim())}</Name>` +
      `<Type>1</Type><IsNull>0</IsNull>` +
      `<WBS>${xml(item.wbs)}</WBS><OutlineNumber>${xml(item.wbs)}</OutlineNumber>` +
      `<OutlineLevel>${item.parentId === null ? 1 : 2}</OutlineLevel>` +
      `<Start>${projectDate(item.start)}</Start><Finish>${projectDate(item.end)}</Finish>` +
      `<Duration>${duration}</Duration><DurationFormat>7</DurationFormat>` +
      `<Milestone>${item.milestone ? 1 : 0}</Milestone><Summary>${summary ? 1 : 0}</Summary>` +
      `<Critical>${item.critical ? 1 : 0}</Critical>` +
      `<EarlyStart>${projectDate(item.earlyStart)}</EarlyStart><EarlyFinish>${projectDate(item.earlyFinish)}</EarlyFinish>` +
      `<LateStart>${projectDate(item.lateStart)}</LateStart><LateFinish>${projectDate(item.lateFinish)}</LateFinish>` +
      `<PercentComplete>${Math.round(item.progress ?? 0)}</PercentComplete>` +
      `<ConstraintType>4</ConstraintType><ConstraintDate>${projectDate(item.start)}</ConstraintDate>` +
      `<Notes>${xml(item.statusName ?? '')}</Notes>${links}` +
      `<Active>1</Active><Manual>${summary ? 1 : 0}</Manual></Task>`
    );
  };

  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Project xmlns="http://schemas.microsoft.com/project">' +
    `<SaveVersion>14</SaveVersion><Name>${xml(project.title)}.xml</Name><Title>${xml(project.title)}</Title>` +
    `<CreationDate>${projectDate(now.toISOString())}</CreationDate>` +
    `<ScheduleFromStart>1</ScheduleFromStart><StartDate>${projectDate(start)}</StartDate><FinishDate>${projectDate(finish)}</FinishDate>` +
    '<CalendarUID>1</CalendarUID><DefaultStartTime>00:00:00</DefaultStartTime><DefaultFinishTime>00:00:00</DefaultFinishTime>' +
    '<MinutesPerDay>1440</MinutesPerDay><MinutesPerWeek>10080</MinutesPerWeek><DaysPerMonth>30</DaysPerMonth>' +
    '<DurationFormat>7</DurationFormat>' +
    CALENDAR_XML +
    // Task 0 is the project summary MS Project expects first.
    `<Tasks><Task><UID>0</UID><ID>0</ID><Name>${xml(project.title)}</Name><Type>1</Type><IsNull>0</IsNull>` +
    `<WBS>0</WBS><OutlineNumber>0</OutlineNumber><OutlineLevel>0</OutlineLevel>` +
    `<Start>${projectDate(start)}</Start><Finish>${projectDate(finish)}</Finish>` +
    `<Duration>${msProjectDuration(Date.parse(finish) - Date.parse(start))}</Duration><DurationFormat>7</DurationFormat>` +
    `<Summary>1</Summary></Task>${schedule.items.map(taskXml).join('')}</Tasks></Project>\n`
  );
}
