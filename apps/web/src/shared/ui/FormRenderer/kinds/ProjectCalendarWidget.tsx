import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../DataTable/visuallyHidden.ts';
import type { ProjectCalendarRow } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { linkedRowLabel } from './linked/LinkedRowsList.tsx';
import {
  addMonths,
  entriesByDay,
  monthGrid,
  monthOf,
  saoPauloDay,
  type YearMonth,
} from './project/calendarMonth.ts';
import {
  NoProject,
  type ProjectWidgetContext,
  ProjectWidgetSection,
} from './project/ProjectWidgetSection.tsx';
import { useProjectCalendar } from './useProjectCalendar.ts';

/** The seven weekday names from Sunday (1 March 2026 was one), short and long, in the UI language. */
function weekdayNames(locale: string): Array<{ short: string; long: string }> {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => {
    const day = Date.UTC(2026, 2, 1 + index);
    return { short: short.format(day), long: long.format(day) };
  });
}

function monthTitle({ year, month }: YearMonth, locale: string): string {
  const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month, 1),
  );
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

function CalendarEntry({ entry }: { entry: ProjectCalendarRow }) {
  const label = linkedRowLabel(entry);
  // The cell is narrow: the title shows, the formatted ID is read out before it (and in the tooltip).
  const text = (
    <>
      <Box component="span" sx={visuallyHidden}>
        {`${entry.formattedId} — `}
      </Box>
      {entry.title || entry.formattedId}
    </>
  );
  return (
    <Box
      component="li"
      title={entry.statusName ? `${label} (${entry.statusName})` : label}
      sx={{
        borderLeft: 3,
        // The entry's colour comes from the definition (status or picklist option), not from the theme.
        borderLeftColor: entry.statusColor ?? 'divider',
        pl: 0.5,
        // Holds the visually hidden ID: absolutely placed, it would otherwise stretch the link's box.
        position: 'relative',
        typography: 'caption',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {entry.editPath ? (
        // A block, cut with an ellipsis: an inline link would run past the narrow cell it is drawn in.
        <Link
          component={RouterLink}
          to={entry.editPath}
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {text}
        </Link>
      ) : (
        text
      )}
    </Box>
  );
}

function CalendarMonth({ context }: { context: ProjectWidgetContext }) {
  const { t, i18n } = useTranslation();
  const { project, titleId } = context;
  const monthId = useId();
  const locale = i18n.language === 'en' ? 'en' : 'pt-BR';
  const today = saoPauloDay(new Date());
  const [shown, setShown] = useState<YearMonth>(() => monthOf(today));
  const days = useMemo(() => monthGrid(shown), [shown]);
  const from = days[0] ?? today;
  const to = days[days.length - 1] ?? today;
  const calendar = useProjectCalendar(project, from, to);
  const byDay = useMemo(() => entriesByDay(calendar.data?.entries ?? [], days), [calendar.data, days]);
  const nonWorking = useMemo(() => new Set(calendar.data?.nonWorkingDays ?? []), [calendar.data]);
  const weekdays = useMemo(() => weekdayNames(locale), [locale]);
  const title = monthTitle(shown, locale);
  const monthPrefix = `${shown.year}-${String(shown.month + 1).padStart(2, '0')}`;

  if (calendar.isError) return <Alert severity="error">{t('form.related.loadFailed')}</Alert>;
  if (calendar.data && calendar.data.project === null) return <NoProject />;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('form.project.previousMonth')}
          onClick={() => setShown(addMonths(shown, -1))}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography
          id={monthId}
          component="p"
          variant="subtitle2"
          aria-live="polite"
          sx={{ minWidth: 160, textAlign: 'center' }}
        >
          {title}
        </Typography>
        <IconButton aria-label={t('form.project.nextMonth')} onClick={() => setShown(addMonths(shown, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" onClick={() => setShown(monthOf(today))}>
          {t('form.project.today')}
        </Button>
        {!calendar.data && (
          <Typography variant="caption" color="text.secondary">
            {t('form.loading')}
          </Typography>
        )}
      </Stack>
      {calendar.data?.capped && (
        <Alert severity="info">{t('form.project.capped', { count: calendar.data.entries.length })}</Alert>
      )}
      <TableContainer>
        <Table size="small" aria-labelledby={`${titleId} ${monthId}`} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              {weekdays.map((weekday) => (
                <TableCell key={weekday.long} component="th" scope="col" align="center">
                  <abbr title={weekday.long}>{weekday.short}</abbr>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {Array.from({ length: days.length / 7 }, (_, week) => (
              <TableRow key={days[week * 7]}>
                {days.slice(week * 7, week * 7 + 7).map((day) => {
                  const entries = byDay.get(day) ?? [];
                  const inMonth = day.startsWith(monthPrefix);
                  const isToday = day === today;
                  const off = nonWorking.has(day);
                  return (
                    <TableCell
                      key={day}
                      aria-current={isToday ? 'date' : undefined}
                      sx={{
                        verticalAlign: 'top',
                        height: 72,
                        px: 0.5,
                        bgcolor: isToday ? 'action.selected' : off ? 'action.hover' : undefined,
                      }}
                    >
                      <Typography
                        component="span"
                        variant="caption"
                        color={inMonth ? 'text.primary' : 'text.disabled'}
                        sx={{ fontWeight: isToday ? 'bold' : undefined }}
                      >
                        {Number(day.slice(8))}
                        {isToday && (
                          <Box component="span" sx={visuallyHidden}>{` (${t('form.project.today')})`}</Box>
                        )}
                        {off && (
                          <Box
                            component="span"
                            sx={visuallyHidden}
                          >{` (${t('form.project.nonWorking')})`}</Box>
                        )}
                      </Typography>
                      {entries.length > 0 && (
                        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                          {entries.map((entry) => (
                            <CalendarEntry key={entry.itemId} entry={entry} />
                          ))}
                        </Box>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/**
 * The projectCalendar component of spec §3: a month of the item's project (the item itself when it is a
 * project), its dated items placed on their days as links to their forms.
 */
export function ProjectCalendarWidget({ component }: KindProps<'projectCalendar'>) {
  return (
    <ProjectWidgetSection component={component}>
      {(context) => <CalendarMonth context={context} />}
    </ProjectWidgetSection>
  );
}
