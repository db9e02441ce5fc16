import type { TimesheetEntryInput } from '@der/contracts';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { refusalText } from '../forms/serverFieldErrors.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { TimeNoteDialog } from './TimeNoteDialog.tsx';
import { TimesheetGrid } from './TimesheetGrid.tsx';
import { TimesheetNotes } from './TimesheetNotes.tsx';
import { TimesheetToolbar } from './TimesheetToolbar.tsx';
import { changesOf } from './timesheetCells.ts';
import { dayText, hoursText, rangeAround, type TimesheetPeriod } from './timesheetDates.ts';
import { useFillAutomaticEntries, useSaveTimesheet, useTimesheet } from './timesheetQueries.ts';

/**
 * Spec §2.9 myTimesheet: the user's hours per task and activity over a week or a month, typed into the grid and
 * saved together, notes with a start and an end, automatic notes when their profile has them; `?userId=` shows
 * a supervised person's timesheet, read-only. Every rule is the server's: a refusal names what to fix.
 */
export function MyTimesheetPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { appID = '', title = '' } = useParams();
  const [search] = useSearchParams();
  const applicationId = routeIdOf(appID);
  const userId = routeIdOf(search.get('userId') ?? undefined) || undefined;
  const [view, setView] = useState<{ anchor: string; period: TimesheetPeriod }>({
    anchor: dayText(new Date()),
    period: 'week',
  });
  const range = rangeAround(view.anchor, view.period);
  const sheet = useTimesheet(applicationId, range, userId);
  const [drafts, setDrafts] = useState<Map<string, string>>(new Map());
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [noteOpen, setNoteOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveTimesheet();
  const fill = useFillAutomaticEntries();
  const data = sheet.data;

  const changePeriod = (next: { anchor: string; period: TimesheetPeriod }) => {
    if (drafts.size > 0 && !window.confirm(t('timesheets.discardDrafts'))) return;
    setDrafts(new Map());
    setInvalid(new Set());
    setView(next);
  };

  const send = async (changes: {
    entries?: TimesheetEntryInput[];
    deletions?: Array<{ id: number; version: number }>;
  }) => {
    setRefusal(null);
    try {
      await save.mutateAsync({
        applicationId,
        entries: changes.entries ?? [],
        deletions: changes.deletions ?? [],
      });
      enqueueSnackbar(t('timesheets.saved'), { variant: 'success' });
      return true;
    } catch (error) {
      setRefusal(refusalText(error));
      return false;
    }
  };

  const saveGrid = async () => {
    if (!data) return;
    const changes = changesOf(data, drafts);
    setInvalid(new Set(changes.invalid));
    if (changes.invalid.length > 0) return setRefusal(t('timesheets.invalidCells'));
    if (await send(changes)) setDrafts(new Map());
  };

  const fillAutomatic = async () => {
    try {
      const { created } = await fill.mutateAsync({ applicationId, ...range });
      enqueueSnackbar(t('timesheets.filled', { count: created }), { variant: 'success' });
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  const expected = data?.days.reduce((total, day) => total + day.expectedMinutes, 0) ?? 0;
  const entered = data?.entries.reduce((total, entry) => total + entry.minutes, 0) ?? 0;
  const missing = data?.days.filter(
    (day) =>
      day.contracted &&
      day.day <= dayText(new Date()) &&
      !data.entries.some((entry) => entry.day === day.day),
  ).length;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title || t('timesheets.myTitle')}
        {data && userId ? ` — ${data.userName}` : ''}
      </Typography>
      <TimesheetToolbar anchor={view.anchor} period={view.period} onChange={changePeriod} />
      {sheet.error && (
        <Alert severity="error">
          {t('timesheets.loadFailed')} {getErrorMessage(sheet.error)}
        </Alert>
      )}
      {(sheet.isFetching || save.isPending) && <LinearProgress aria-label={t('timesheets.loading')} />}
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('timesheets.summary', {
              entered: hoursText(entered) || '0:00',
              expected: hoursText(expected) || '0:00',
            })}
            {data.autoTimesheetType === '2' && missing
              ? ` ${t('timesheets.missingDays', { count: missing })}`
              : ''}
          </Typography>
          {!data.editable && !userId && <Alert severity="info">{t('timesheets.noManualEntry')}</Alert>}
          {data.rows.length === 0 ? (
            <Alert severity="info">{t('timesheets.noRows')}</Alert>
          ) : (
            <TimesheetGrid
              appId={appID}
              sheet={data}
              drafts={drafts}
              invalid={invalid}
              onDraft={(key, text) => setDrafts((current) => new Map(current).set(key, text))}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {data.editable && (
              <Button
                variant="contained"
                onClick={() => void saveGrid()}
                disabled={drafts.size === 0 || save.isPending}
              >
                {t('timesheets.save')}
              </Button>
            )}
            {data.editable && (
              <Button variant="outlined" onClick={() => setNoteOpen(true)}>
                {t('timesheets.newNote')}
              </Button>
            )}
            {data.autoTimesheetType === '1' && !userId && (
              <Button variant="outlined" onClick={() => void fillAutomatic()} disabled={fill.isPending}>
                {t('timesheets.fillAutomatic')}
              </Button>
            )}
          </Stack>
          <TimesheetNotes sheet={data} onDelete={(entry) => void send({ deletions: [entry] })} />
          {noteOpen && (
            <TimeNoteDialog
              open
              rows={data.rows}
              days={data.days.filter((day) => !day.closed).map((day) => day.day)}
              saving={save.isPending}
              error={refusal}
              onClose={() => setNoteOpen(false)}
              onSave={async (note) => {
                if (await send({ entries: [note] })) setNoteOpen(false);
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
