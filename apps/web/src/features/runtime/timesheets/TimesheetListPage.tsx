import {
  Alert,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { TimesheetToolbar } from './TimesheetToolbar.tsx';
import { dateOf, dayText, hoursText, rangeAround, type TimesheetPeriod } from './timesheetDates.ts';
import { useTimesheetList } from './timesheetQueries.ts';

/** The myTimesheet route of the same application, for a supervised person (read-only there). */
const personSheetPath = (appId: string, userId: number, title: string) =>
  `/runtime/${appId}/myTimesheet/${encodeURIComponent(title)}?userId=${userId}`;

/**
 * Spec §2.9 timesheetList: the supervisor's resources (everyone's for administrators) — hours per day against
 * their calendars, the contracted days left without an entry — filtered by person and project; a name opens
 * that person's timesheet.
 */
export function TimesheetListPage() {
  const { t, i18n } = useTranslation();
  const { appID = '', title = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const [view, setView] = useState<{ anchor: string; period: TimesheetPeriod }>({
    anchor: dayText(new Date()),
    period: 'week',
  });
  const [userId, setUserId] = useState<number | ''>('');
  const [projectId, setProjectId] = useState<number | ''>('');
  const range = rangeAround(view.anchor, view.period);
  const filter = { ...(userId ? { userId } : {}), ...(projectId ? { projectId } : {}) };
  const list = useTimesheetList(applicationId, range, filter);
  const unfiltered = useTimesheetList(applicationId, range, {});
  const data = list.data;
  const short = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow', day: '2-digit' }).format(dateOf(day));
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title || t('timesheets.listTitle')}
      </Typography>
      <TimesheetToolbar anchor={view.anchor} period={view.period} onChange={setView} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          select
          size="small"
          label={t('timesheets.person')}
          value={userId}
          onChange={(event) => setUserId(event.target.value === '' ? '' : Number(event.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('timesheets.everyone')}</MenuItem>
          {unfiltered.data?.rows.map((row) => (
            <MenuItem key={row.userId} value={row.userId}>
              {row.userName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('timesheets.project')}
          value={projectId}
          onChange={(event) => setProjectId(event.target.value === '' ? '' : Number(event.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('timesheets.allProjects')}</MenuItem>
          {unfiltered.data?.projects.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.title}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.error && (
        <Alert severity="error">
          {t('timesheets.loadFailed')} {getErrorMessage(list.error)}
        </Alert>
      )}
      {list.isFetching && <LinearProgress aria-label={t('timesheets.loading')} />}
      {data && data.rows.length === 0 && <Alert severity="info">{t('timesheets.noneSupervised')}</Alert>}
      {data && data.rows.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('timesheets.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('timesheets.person')}</TableCell>
                {data.days.map((day) => (
                  <TableCell key={day} align="center" sx={{ px: 0.5 }}>
                    {short(day)}
                  </TableCell>
                ))}
                <TableCell align="right">{t('timesheets.entered')}</TableCell>
                <TableCell align="right">{t('timesheets.expected')}</TableCell>
                <TableCell align="right">{t('timesheets.missingColumn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.userId}>
                  <TableCell component="th" scope="row">
                    <Link
                      component={RouterLink}
                      to={personSheetPath(appID, row.userId, t('timesheets.myTitle'))}
                    >
                      {row.userName}
                    </Link>
                  </TableCell>
                  {row.perDay.map((minutes, index) => (
                    <TableCell key={data.days[index]} align="center" sx={{ px: 0.5 }}>
                      {hoursText(minutes)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{hoursText(row.enteredMinutes) || '0:00'}</TableCell>
                  <TableCell align="right">{hoursText(row.expectedMinutes) || '0:00'}</TableCell>
                  <TableCell align="right">{row.missingDays}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
