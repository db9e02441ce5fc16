import type { ItemTimesheet } from '@der/contracts';
import { Alert, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hoursText, minutesOfText } from '../../../format/hours.ts';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import type { FormTimesheetServices } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';
import { useEnterTime, useItemTimesheet } from './useItemTimesheet.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

const hours = (minutes: number) => hoursText(minutes) || '0:00';
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The user's own entry on the item: a day and the hours (the server checks everything else). */
function EntryForm({
  timesheets,
  onError,
}: {
  timesheets: FormTimesheetServices;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(today);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const minutes = minutesOfText(text);
  const enter = useEnterTime(timesheets, {
    onSuccess: () => {
      setText('');
      setNote('');
      onError(null);
    },
    onError,
  });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'flex-start' }}>
      <TextField
        type="date"
        size="small"
        label={t('form.timesheets.day')}
        value={day}
        onChange={(event) => setDay(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label={t('form.timesheets.hours')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={text !== '' && minutes === null}
        helperText={t('form.timesheets.hoursHelp')}
        sx={{ width: 120 }}
      />
      <TextField
        size="small"
        label={t('form.timesheets.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Button
        variant="outlined"
        disabled={!minutes || !day || enter.isPending}
        onClick={() => enter.mutate({ day, minutes: minutes ?? 0, note })}
      >
        {t('form.timesheets.enter')}
      </Button>
    </Stack>
  );
}

function Entered({ sheet, titleId }: { sheet: ItemTimesheet; titleId: string }) {
  const { t } = useTranslation();
  if (sheet.entries.length === 0)
    return <Typography color="text.secondary">{t('form.timesheets.none')}</Typography>;
  return (
    <>
      <Typography variant="body2">
        {t('form.timesheets.total', { hours: hours(sheet.totalMinutes) })}{' '}
        {sheet.people.map((person) => `${person.name}: ${hours(person.minutes)} h`).join(' · ')}
      </Typography>
      <List dense aria-labelledby={titleId}>
        {sheet.entries.map((entry) => (
          <ListItem key={entry.id}>
            <ListItemText
              primary={`${entry.day.split('-').reverse().join('/')} · ${entry.userName} · ${hours(entry.minutes)} h${
                entry.startTime ? ` (${entry.startTime}–${entry.endTime})` : ''
              }${entry.origin === 'automatic' ? ` · ${t('form.timesheets.automatic')}` : ''}`}
              secondary={entry.note || undefined}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/**
 * The timesheets component of spec §3: the time entered on the item — its total, each person's and the latest
 * entries — and, on a form the user may change, entering their own hours on it (the server refuses what their
 * timesheetType, a closed month or the item's kind do not allow, and the refusal is shown).
 */
export function TimesheetsWidget({ component }: KindProps<'timesheets'>) {
  const { t } = useTranslation();
  const { itemId, mode, readOnly, services } = useFormRenderer();
  const timesheets = services.timesheets;
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  const sheet = useItemTimesheet(timesheets, itemId);
  if (!timesheets) return <RelatedDataSection component={component} />;
  if (!modeShowsItemData(mode)) return null;
  const onError = (error: unknown) => setRefusal(error instanceof Error ? error.message : null);
  return (
    <WidgetFrame component={component} titleId={titleId}>
      {itemId === null ? (
        <Typography color="text.secondary">{t('form.related.saveFirst')}</Typography>
      ) : (
        <Stack spacing={1}>
          {sheet.isError && <Alert severity="error">{t('form.related.loadFailed')}</Alert>}
          {sheet.data && <Entered sheet={sheet.data} titleId={titleId} />}
          {refusal && <Alert severity="error">{refusal}</Alert>}
          {!readOnly && <EntryForm timesheets={timesheets} onError={onError} />}
        </Stack>
      )}
    </WidgetFrame>
  );
}
