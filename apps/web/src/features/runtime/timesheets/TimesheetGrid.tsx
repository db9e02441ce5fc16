import type { Timesheet, TimesheetDay, TimesheetRow } from '@der/contracts';
import LockIcon from '@mui/icons-material/Lock';
import {
  Box,
  InputBase,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { runtimePaths } from '../runtimePaths.ts';
import { cellKey, cellMinutes, entriesByCell, isTypedCell } from './timesheetCells.ts';
import { dateOf, hoursText } from './timesheetDates.ts';

interface TimesheetGridProps {
  appId: string;
  sheet: Timesheet;
  drafts: ReadonlyMap<string, string>;
  invalid: ReadonlySet<string>;
  onDraft: (key: string, text: string) => void;
}

const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 220,
} as const;

/**
 * The grid of spec §2.9 myTimesheet: a row per task or activity, a column per day, the hours typed as 'h:mm'
 * or decimals; totals per row and per day against what the calendar expects. Closed days, holidays and rows
 * the user's timesheetType does not admit are read-only (the server refuses them anyway).
 */
export function TimesheetGrid({ appId, sheet, drafts, invalid, onDraft }: TimesheetGridProps) {
  const { t, i18n } = useTranslation();
  const cells = entriesByCell(sheet.entries);
  const minutesAt = (row: TimesheetRow, day: TimesheetDay) => {
    const key = cellKey(row.itemId, day.day);
    return cellMinutes(cells.get(key), drafts.get(key));
  };
  const dayLabel = (day: string, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.language, {
      weekday: style,
      day: '2-digit',
      ...(style === 'long' ? { month: 'long' } : {}),
    }).format(dateOf(day));
  const dayTotals = sheet.days.map((day) =>
    sheet.rows.reduce((total, row) => total + minutesAt(row, day), 0),
  );
  const expected = sheet.days.reduce((total, day) => total + day.expectedMinutes, 0);
  const entered = dayTotals.reduce((total, minutes) => total + minutes, 0);
  return (
    <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('timesheets.gridLabel')}>
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>{t('timesheets.item')}</TableCell>
            {sheet.days.map((day) => (
              <TableCell
                key={day.day}
                align="center"
                title={day.holiday ? t('timesheets.holiday') : undefined}
                sx={{ bgcolor: day.contracted ? undefined : 'action.hover', px: 0.5, whiteSpace: 'nowrap' }}
              >
                <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
                  {dayLabel(day.day, 'short')}
                </Box>
                {day.closed && (
                  <LockIcon
                    fontSize="inherit"
                    titleAccess={t('timesheets.closedDay')}
                    sx={{ fontSize: 14 }}
                  />
                )}
              </TableCell>
            ))}
            <TableCell align="right">{t('timesheets.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sheet.rows.map((row) => (
            <TableRow key={row.itemId}>
              <TableCell component="th" scope="row" sx={sticky}>
                {row.formId ? (
                  <Link
                    component={RouterLink}
                    to={runtimePaths.editItem(appId, row.componentId, row.itemId, row.formId)}
                  >
                    {row.formattedId} — {row.title}
                  </Link>
                ) : (
                  `${row.formattedId} — ${row.title}`
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t(`timesheets.kind.${row.kind}`)}
                  {row.projectTitle ? ` · ${row.projectTitle}` : ''}
                </Typography>
              </TableCell>
              {sheet.days.map((day) => {
                const key = cellKey(row.itemId, day.day);
                const typed = sheet.editable && row.open && !day.closed && isTypedCell(cells.get(key));
                const minutes = minutesAt(row, day);
                return (
                  <TableCell
                    key={day.day}
                    align="center"
                    sx={{ px: 0.5, bgcolor: day.contracted ? undefined : 'action.hover' }}
                  >
                    {typed ? (
                      <InputBase
                        value={drafts.get(key) ?? hoursText(minutes)}
                        onChange={(event) => onDraft(key, event.target.value)}
                        error={invalid.has(key)}
                        inputProps={{
                          'aria-label': t('timesheets.cellLabel', {
                            item: row.formattedId,
                            day: dayLabel(day.day, 'long'),
                          }),
                          'aria-invalid': invalid.has(key) || undefined,
                          inputMode: 'decimal',
                          size: 4,
                        }}
                        sx={{
                          width: 56,
                          px: 0.5,
                          border: 1,
                          borderRadius: 1,
                          borderColor: invalid.has(key) ? 'error.main' : 'divider',
                          '& input': { textAlign: 'center', p: 0.5 },
                          '&.Mui-focused': { outline: 2, outlineColor: 'primary.main' },
                        }}
                      />
                    ) : (
                      <Typography variant="body2">{hoursText(minutes)}</Typography>
                    )}
                  </TableCell>
                );
              })}
              <TableCell align="right">
                {hoursText(sheet.days.reduce((total, day) => total + minutesAt(row, day), 0)) || '0:00'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={sticky}>
              {t('timesheets.entered')}
            </TableCell>
            {dayTotals.map((minutes, index) => (
              <TableCell key={sheet.days[index]?.day} align="center" sx={{ px: 0.5 }}>
                {hoursText(minutes)}
              </TableCell>
            ))}
            <TableCell align="right">{hoursText(entered) || '0:00'}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row" sx={sticky}>
              {t('timesheets.expected')}
            </TableCell>
            {sheet.days.map((day) => (
              <TableCell key={day.day} align="center" sx={{ px: 0.5 }}>
                {hoursText(day.expectedMinutes)}
              </TableCell>
            ))}
            <TableCell align="right">{hoursText(expected) || '0:00'}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
