import { Button, Link as MuiLink } from '@mui/material';
import { Gantt, type IApi, type IColumnConfig, type IScaleConfig, Willow } from '@svar-ui/react-gantt';
// The Gantt's and its grid's styles only: the libraries' "all.css" also declares Roboto and Open Sans faces
// served from cdn.svar.dev, which the CSP refuses (font-src 'self') and which would shadow the app's Roboto.
import '@svar-ui/react-gantt/style.css';
import '@svar-ui/react-grid/style.css';
import { createContext, memo, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { runtimePaths } from '../runtimePaths.ts';
import type { GanttLink, GanttTask } from './ganttData.ts';

const DAY_MS = 86_400_000;

/** What the Gantt reports: a bar dragged to new dates (the page saves it through the one save). */
export interface GanttMove {
  task: GanttTask;
  start: Date;
  end: Date;
}

interface ScheduleGanttProps {
  appId: string;
  tasks: GanttTask[];
  links: GanttLink[];
  onMove: (move: GanttMove) => void;
  onEditDates: (task: GanttTask) => void;
}

/** A grid cell's props (the library's row is our task object). */
type CellProps = Parameters<NonNullable<IColumnConfig['cell']>>[0];

/** Month and week (or day, for a short schedule) headers in the page's language. */
function scalesOf(tasks: readonly GanttTask[], language: string): IScaleConfig[] {
  const locale = language === 'en' ? 'en-GB' : 'pt-BR';
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' });
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' });
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    first = Math.min(first, task.start.getTime());
    last = Math.max(last, task.end.getTime());
  }
  const long = tasks.length > 0 && last - first > 120 * DAY_MS;
  return [
    { unit: 'month', step: 1, format: (date: Date) => month.format(date) },
    long
      ? { unit: 'week', step: 1, format: (date: Date) => day.format(date) }
      : { unit: 'day', step: 1, format: (date: Date) => String(date.getDate()) },
  ];
}

/** What the grid's cells need from the page (cells are module-level components: the library renders them). */
const CellContext = createContext<{ appId: string; onEditDates: (task: GanttTask) => void }>({
  appId: '',
  onEditDates: () => {},
});

/** The item, as a link to its form (how the keyboard opens it). */
function NameCell(props: CellProps) {
  const { appId } = useContext(CellContext);
  const row = props.row as unknown as GanttTask;
  const { item } = row;
  if (!item.formId) return <span>{row.text}</span>;
  return (
    <MuiLink
      component={RouterLink}
      to={runtimePaths.editItem(appId, item.componentId, item.itemId, item.formId)}
      underline="hover"
      color="inherit"
      sx={{ fontWeight: item.kind === 'activity' ? 600 : 400 }}
    >
      {row.text}
    </MuiLink>
  );
}

/** The keyboard path of a reschedule: a button opening the dates dialog, on movable rows. */
function EditCell(props: CellProps) {
  const { t } = useTranslation();
  const { onEditDates } = useContext(CellContext);
  const row = props.row as unknown as GanttTask;
  if (!row.item.movable) return null;
  return (
    <Button
      size="small"
      aria-label={t('schedule.editDatesOf', { item: row.item.formattedId })}
      onClick={() => onEditDates(row)}
      // The grid redraws a row when a press selects it, so a mouse click's release can land on a new button:
      // the dialog opens on the press (Enter and Space still go through onClick).
      onPointerDown={(event) => {
        if (event.button === 0) onEditDates(row);
      }}
    >
      {t('schedule.editDates')}
    </Button>
  );
}

/**
 * The project's schedule drawn by SVAR React Gantt (MIT core): a grid (WBS, the item as a link to its form, the
 * dates, whether it is critical, a button that changes its dates by keyboard) and the bars with their progress
 * and finish-to-start links. Only a drag of a movable bar changes anything; the library's own editing (new
 * tasks and links, progress drags, its editor) is switched off — the items' forms are where they change.
 */
export const ScheduleGantt = memo(function ScheduleGantt({
  appId,
  tasks,
  links,
  onMove,
  onEditDates,
}: ScheduleGanttProps) {
  const { t, i18n } = useTranslation();
  // Handlers reach the latest props: the Gantt's init runs once.
  const latest = useRef({ onMove, onEditDates, tasks });
  latest.current = { onMove, onEditDates, tasks };
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const byIdRef = useRef(byId);
  byIdRef.current = byId;

  const columns = useMemo((): IColumnConfig[] => {
    return [
      { id: 'wbs', header: t('schedule.columns.wbs'), width: 70, resize: false },
      {
        id: 'text',
        header: t('schedule.columns.name'),
        flexgrow: 1,
        width: 260,
        cell: NameCell,
        resize: false,
      },
      { id: 'startText', header: t('schedule.columns.start'), width: 96, align: 'center', resize: false },
      { id: 'endText', header: t('schedule.columns.end'), width: 96, align: 'center', resize: false },
      {
        id: 'criticalText',
        header: t('schedule.columns.critical'),
        width: 70,
        align: 'center',
        resize: false,
      },
      {
        id: 'edit',
        header: t('schedule.columns.actions'),
        width: 110,
        align: 'center',
        cell: EditCell,
        resize: false,
      },
    ];
  }, [t]);

  const cellContext = useMemo(
    () => ({ appId, onEditDates: (task: GanttTask) => latest.current.onEditDates(task) }),
    [appId],
  );
  const scales = useMemo(() => scalesOf(tasks, i18n.language), [tasks, i18n.language]);
  const taskTypes = useMemo(
    () => [
      { id: 'task', label: t('schedule.legend.task') },
      { id: 'critical', label: t('schedule.legend.critical') },
      { id: 'milestone', label: t('schedule.legend.milestone') },
    ],
    [t],
  );

  // The library's grid numbers its rows' aria-rowindex from 0 (ARIA counts from 1): an invalid attribute to
  // assistive technology. The attribute is optional, so it is taken off whenever the grid writes it.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const strip = () => {
      for (const row of root.querySelectorAll('[role="row"][aria-rowindex]'))
        row.removeAttribute('aria-rowindex');
    };
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-rowindex'],
    });
    return () => observer.disconnect();
  }, []);

  const handleInit = (api: IApi) => {
    const movable = (id: unknown) => byIdRef.current.get(Number(id))?.item.movable === true;
    // The library edits nothing by itself: items change through their forms and the one save.
    for (const action of [
      'add-task',
      'delete-task',
      'copy-task',
      'move-task',
      'indent-task',
      'add-link',
      'update-link',
      'delete-link',
      'show-editor',
    ] as const)
      api.intercept(action, () => false);
    api.intercept('drag-task', (ev) => movable(ev.id));
    api.intercept('update-task', (ev) => movable(ev.id) && !('progress' in (ev.task ?? {})));
    api.on('update-task', (ev) => {
      // A finished drag (not its steps, not a progress change) with the bar's new dates.
      if (ev.inProgress || ev.diff === undefined) return;
      const task = byIdRef.current.get(Number(ev.id));
      const now = api.getTask(ev.id);
      if (!task || !now.start || !now.end) return;
      latest.current.onMove({ task, start: now.start, end: now.end });
    });
  };

  return (
    <CellContext.Provider value={cellContext}>
      <div ref={frame} style={{ height: '100%' }}>
        <Willow fonts={false}>
          <Gantt
            init={handleInit}
            tasks={tasks}
            links={links}
            columns={columns}
            scales={scales}
            taskTypes={taskTypes}
            lengthUnit="day"
            cellWidth={48}
            cellHeight={34}
            gridWidth={700}
          />
        </Willow>
      </div>
    </CellContext.Provider>
  );
});
