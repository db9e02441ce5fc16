import type { AppCalendarEntry, AppCalendarView } from '@der/contracts';
import type { DatesSetArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { readableTextColor } from '../../../shared/ui/DataTable/readableTextColor.ts';
import { refusalText } from '../forms/serverFieldErrors.ts';
import { routeIdOf, runtimePaths } from '../runtimePaths.ts';
import { appCalendarKeys, moveCalendarEntry } from './calendarQueries.ts';
import { CALENDAR_FIRST_DAY, type CalendarRange, rangeOf } from './calendarRange.ts';
import { useAppCalendar } from './useAppCalendar.ts';

const DEFAULT_COLOR = '#1565C0';

/** An entry as FullCalendar draws it: a link to the item's form, draggable when its view's dates are fields. */
function eventOf(entry: AppCalendarEntry, view: AppCalendarView | undefined, appId: string): EventInput {
  const color = entry.color ?? view?.color ?? DEFAULT_COLOR;
  return {
    id: `${entry.viewId}-${entry.itemId}`,
    title: `${entry.formattedId} — ${entry.title || view?.name || ''}`,
    start: entry.start,
    ...(entry.end ? { end: entry.end } : {}),
    ...(entry.formId
      ? { url: runtimePaths.editItem(appId, entry.componentId, entry.itemId, entry.formId) }
      : {}),
    backgroundColor: color,
    borderColor: color,
    // Status colours are chosen by the definition: the text takes whichever of black or white reads on them.
    textColor: readableTextColor(color),
    startEditable: view?.movable ?? false,
    durationEditable: (view?.movable ?? false) && Boolean(entry.end),
    extendedProps: { entry },
  };
}

/**
 * An application's calendar (/runtime/{appID}/calendar/{title}, spec §2.9): the items its calendar views place,
 * by month, week or day, each view shown or hidden by its box. An entry opens its item's form; dragging (or
 * resizing) one writes its dates through the one save — a refusal puts it back and says why.
 */
export function AppCalendarPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { appID = '', title = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const calendar = useAppCalendar(applicationId, range);
  const data = calendar.data;
  const viewsById = useMemo(() => new Map(data?.views.map((view) => [view.viewId, view])), [data]);
  const events = useMemo(
    () =>
      (data?.entries ?? [])
        .filter((entry) => !hidden.has(entry.viewId))
        .map((entry) => eventOf(entry, viewsById.get(entry.viewId), appID)),
    [data, hidden, viewsById, appID],
  );

  const handleDates = useCallback((info: DatesSetArg) => {
    const next = rangeOf(info.start, info.end);
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
  }, []);

  const handleClick = useCallback(
    (info: EventClickArg) => {
      info.jsEvent.preventDefault();
      if (info.event.url) void navigate(info.event.url);
    },
    [navigate],
  );

  const handleMove = useCallback(
    async (info: EventDropArg | EventResizeDoneArg) => {
      const entry = info.event.extendedProps.entry as AppCalendarEntry;
      if (!info.event.start) return info.revert();
      try {
        await moveCalendarEntry({
          viewId: entry.viewId,
          itemId: entry.itemId,
          version: entry.version,
          start: info.event.start.toISOString(),
          ...(entry.end ? { end: info.event.end?.toISOString() ?? null } : {}),
        });
        enqueueSnackbar(t('calendar.moved', { item: entry.formattedId }), { variant: 'success' });
      } catch (error) {
        info.revert();
        enqueueSnackbar(t('calendar.moveRefused', { item: entry.formattedId, reason: refusalText(error) }), {
          variant: 'error',
        });
      } finally {
        await client.invalidateQueries({ queryKey: appCalendarKeys.all(applicationId) });
      }
    },
    [client, applicationId, enqueueSnackbar, t],
  );

  const toggle = (viewId: number) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(viewId)) next.add(viewId);
      return next;
    });

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title || t('calendar.title')}
      </Typography>
      {calendar.error && (
        <Alert severity="error">
          {t('calendar.loadFailed')} {getErrorMessage(calendar.error)}
        </Alert>
      )}
      {data && data.views.length === 0 && <Alert severity="info">{t('calendar.noViews')}</Alert>}
      {data && data.views.length > 0 && (
        <FormGroup row aria-label={t('calendar.views')}>
          {data.views.map((view) => (
            <FormControlLabel
              key={view.viewId}
              control={<Checkbox checked={!hidden.has(view.viewId)} onChange={() => toggle(view.viewId)} />}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {view.color && (
                    <Box
                      aria-hidden
                      sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: view.color }}
                    />
                  )}
                  <span>{view.name}</span>
                </Stack>
              }
            />
          ))}
        </FormGroup>
      )}
      {data?.views.some((view) => view.movable) && (
        <Typography variant="body2" color="text.secondary">
          {t('calendar.moveHint')}
        </Typography>
      )}
      {data?.capped && <Alert severity="info">{t('calendar.capped', { count: data.entries.length })}</Alert>}
      {calendar.isFetching && <LinearProgress aria-label={t('calendar.loading')} />}
      <Box
        sx={{
          '& .fc': { fontFamily: 'inherit' },
          '& .fc a': { color: 'inherit' },
          // FullCalendar fades the days of the neighbouring months to 30 %: below the contrast a page must keep.
          '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
        }}
      >
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          // Stated rather than left to the locale: the arrival prefetch (monthGridRange) asks for the same days.
          firstDay={CALENDAR_FIRST_DAY}
          fixedWeekCount
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'dayGridMonth,timeGridWeek,timeGridDay',
          }}
          locale={i18n.language === 'en' ? 'en' : ptBrLocale}
          height="auto"
          events={events}
          datesSet={handleDates}
          eventClick={handleClick}
          eventDrop={(info) => void handleMove(info)}
          eventResize={(info) => void handleMove(info)}
          // Words, not icon fonts: FullCalendar's icons are unnamed images to a screen reader.
          buttonIcons={false}
          dayMaxEvents={4}
          // A day cell is named by its date only, while it shows its entries too: the name would hide them.
          dayCellDidMount={(cell) => cell.el.removeAttribute('aria-labelledby')}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        />
      </Box>
    </Stack>
  );
}
