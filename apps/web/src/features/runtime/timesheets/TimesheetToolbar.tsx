import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dateOf, dayText, rangeAround, shiftAnchor, type TimesheetPeriod } from './timesheetDates.ts';

interface TimesheetToolbarProps {
  anchor: string;
  period: TimesheetPeriod;
  onChange: (next: { anchor: string; period: TimesheetPeriod }) => void;
}

/** The week or month shown: previous, today, next, and the choice between a week and a month grid. */
export function TimesheetToolbar({ anchor, period, onChange }: TimesheetToolbarProps) {
  const { t, i18n } = useTranslation();
  const range = rangeAround(anchor, period);
  const format = (day: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(i18n.language, options).format(dateOf(day));
  const label =
    period === 'month'
      ? format(range.from, { month: 'long', year: 'numeric' })
      : `${format(range.from, { day: '2-digit', month: '2-digit' })} – ${format(range.to, { day: '2-digit', month: '2-digit', year: 'numeric' })}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <IconButton
        aria-label={t('timesheets.previous')}
        onClick={() => onChange({ anchor: shiftAnchor(anchor, period, -1), period })}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Button variant="outlined" onClick={() => onChange({ anchor: dayText(new Date()), period })}>
        {t('timesheets.today')}
      </Button>
      <IconButton
        aria-label={t('timesheets.next')}
        onClick={() => onChange({ anchor: shiftAnchor(anchor, period, 1), period })}
      >
        <ChevronRightIcon />
      </IconButton>
      <Typography
        component="h2"
        variant="h6"
        sx={{ minWidth: 200, textTransform: 'capitalize' }}
        aria-live="polite"
      >
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        aria-label={t('timesheets.period')}
        onChange={(_, value: TimesheetPeriod | null) => value && onChange({ anchor, period: value })}
      >
        <ToggleButton value="week">{t('timesheets.week')}</ToggleButton>
        <ToggleButton value="month">{t('timesheets.month')}</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
