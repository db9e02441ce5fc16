import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { downloadBlob, safeFileName } from '../../../shared/ui/DataTable/downloadBlob.ts';
import { refusalText } from '../forms/serverFieldErrors.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { dateFormatter, type GanttTask, toGantt, withDay } from './ganttData.ts';
import { RescheduleDialog } from './RescheduleDialog.tsx';
import { type GanttMove, ScheduleGantt } from './ScheduleGantt.tsx';
import {
  exportScheduleExcel,
  exportScheduleMsProject,
  rescheduleItem,
  scheduleKeys,
} from './scheduleQueries.ts';
import { useSchedule } from './useSchedule.ts';

/**
 * A project's schedule (/runtime/{appID}/schedule/{viewID}/{title}, spec §2.9): the activities of the view and
 * the tasks hanging on them as a Gantt with their predecessors, progress and the critical path the server
 * computes. The project is chosen on the page (`?projectId=`; without it, the first project the user sees that
 * has activities). A bar dragged — or its dates changed by keyboard — is saved through the one save: a refusal
 * (a rule, a permission, someone else's change) puts it back and says why. Exports: XLSX and MS Project XML.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const { appID = '', viewID = '', title = '' } = useParams();
  const viewId = routeIdOf(viewID);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = routeIdOf(searchParams.get('projectId') ?? '');
  const schedule = useSchedule(viewId, asked > 0 ? asked : undefined);
  const data = schedule.data;
  const [editing, setEditing] = useState<GanttTask | null>(null);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState<'xlsx' | 'xml' | null>(null);

  const gantt = useMemo(
    () =>
      data
        ? toGantt(data, i18n.language, { critical: t('schedule.yes'), notCritical: t('schedule.no') })
        : { tasks: [], links: [] },
    [data, i18n.language, t],
  );
  const format = useMemo(() => dateFormatter(i18n.language), [i18n.language]);

  const save = useCallback(
    async (task: GanttTask, start: string, end: string) => {
      const { item } = task;
      setSaving(true);
      try {
        await rescheduleItem({ viewId, itemId: item.itemId, version: item.version, start, end });
        enqueueSnackbar(t('schedule.moved', { item: item.formattedId }), { variant: 'success' });
        setEditing(null);
      } catch (error) {
        enqueueSnackbar(t('schedule.moveRefused', { item: item.formattedId, reason: refusalText(error) }), {
          variant: 'error',
        });
      } finally {
        setSaving(false);
        // The saved dates (or, refused, the stored ones: the bar goes back) and the critical path anew.
        await client.invalidateQueries({ queryKey: scheduleKeys.all(viewId) });
      }
    },
    [client, enqueueSnackbar, t, viewId],
  );

  const handleMove = useCallback(
    ({ task, start, end }: GanttMove) => {
      // A milestone keeps one date: its start.
      void save(task, start.toISOString(), (task.item.milestone ? start : end).toISOString());
    },
    [save],
  );

  const handleDialogSave = (task: GanttTask, startDay: string, endDay: string) =>
    void save(task, withDay(task.item.start, startDay), withDay(task.item.end, endDay));

  const handleProject = (projectId: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('projectId', projectId);
    setSearchParams(next);
  };

  const handleExport = async (kind: 'xlsx' | 'xml') => {
    if (!data?.project) return;
    setExporting(kind);
    try {
      const blob =
        kind === 'xlsx'
          ? await exportScheduleExcel(viewId, data.project.id)
          : await exportScheduleMsProject(viewId, data.project.id);
      downloadBlob(blob, safeFileName(`${title || data.name} - ${data.project.title}`, kind));
    } catch (error) {
      enqueueSnackbar(t('schedule.exportFailed', { reason: refusalText(error) }), { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };

  const heading = title || data?.name || t('schedule.title');
  const critical = data?.criticalPath;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {heading}
      </Typography>
      {schedule.error && (
        <Alert severity="error">
          {t('schedule.loadFailed')} {getErrorMessage(schedule.error)}
        </Alert>
      )}
      {data && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('schedule.project')}
            value={data.project ? String(data.project.id) : ''}
            onChange={(event) => handleProject(event.target.value)}
            sx={{ minWidth: 320 }}
            disabled={data.projects.length === 0}
          >
            {data.projects.map((project) => (
              <MenuItem key={project.id} value={String(project.id)}>
                {project.title}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            onClick={() => void handleExport('xlsx')}
            disabled={!data.project || exporting !== null}
          >
            {t('schedule.exportExcel')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void handleExport('xml')}
            disabled={!data.project || exporting !== null}
          >
            {t('schedule.exportMsProject')}
          </Button>
        </Stack>
      )}
      {data && !data.project && <Alert severity="info">{t('schedule.noProjects')}</Alert>}
      {data?.project && data.items.length === 0 && <Alert severity="info">{t('schedule.empty')}</Alert>}
      {critical?.status === 'cycle' && <Alert severity="warning">{critical.message}</Alert>}
      {data?.capped && <Alert severity="info">{t('schedule.capped', { count: data.items.length })}</Alert>}
      {critical?.status === 'computed' && (
        <Typography variant="body2">
          {t('schedule.criticalSummary', {
            start: format(critical.projectStart),
            finish: format(critical.projectFinish),
            count: data?.items.filter((item) => item.critical).length ?? 0,
          })}
        </Typography>
      )}
      {data && data.items.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('schedule.hint')}
        </Typography>
      )}
      {(schedule.isFetching || saving) && <LinearProgress aria-label={t('schedule.loading')} />}
      {data && data.items.length > 0 && (
        <Box
          data-testid="schedule-gantt"
          sx={(theme) => ({
            height: '70vh',
            minHeight: 360,
            border: 1,
            borderColor: 'divider',
            // The theme's colours, dark enough for the bars' white text (the library's blue is not).
            '& .wx-willow-theme': {
              // The Gantt fills the box, so its rows and bars are virtualised (drawn only where they show).
              height: '100%',
              // The core theme's variables (left out with its font faces), from the app's theme.
              '--wx-font-family': theme.typography.fontFamily,
              '--wx-font-size': theme.typography.body2.fontSize,
              '--wx-font-weight': theme.typography.fontWeightRegular,
              '--wx-color-font': theme.palette.text.primary,
              '--wx-color-font-alt': theme.palette.text.secondary,
              '--wx-background': theme.palette.background.paper,
              '--wx-color-primary': theme.palette.primary.main,
              '--wx-color-primary-font': theme.palette.primary.contrastText,
              '--wx-border': `1px solid ${theme.palette.divider}`,
              fontFamily: theme.typography.fontFamily,
              color: theme.palette.text.primary,
              '--wx-gantt-task-color': theme.palette.primary.main,
              '--wx-gantt-task-fill-color': theme.palette.primary.dark,
              '--wx-gantt-task-border-color': theme.palette.primary.dark,
              '--wx-gantt-task-font-color': theme.palette.primary.contrastText,
            },
            '& .wx-bar.wx-task.critical': {
              backgroundColor: theme.palette.error.main,
              borderColor: theme.palette.error.dark,
              color: theme.palette.error.contrastText,
            },
            '& .wx-bar.wx-task.critical .wx-progress-percent': { backgroundColor: theme.palette.error.dark },
          })}
        >
          <ScheduleGantt
            // A new answer (after a save, or a refusal) redraws from the server's dates.
            key={schedule.dataUpdatedAt}
            appId={appID}
            tasks={gantt.tasks}
            links={gantt.links}
            onMove={handleMove}
            onEditDates={setEditing}
          />
        </Box>
      )}
      <RescheduleDialog
        task={editing}
        saving={saving}
        onClose={() => setEditing(null)}
        onSave={handleDialogSave}
      />
    </Stack>
  );
}
