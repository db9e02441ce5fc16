import type { ClosingScope, MonthClosingRow } from '@der/contracts';
import {
  Alert,
  Button,
  LinearProgress,
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
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { refusalText } from '../forms/serverFieldErrors.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { ReopenMonthDialog } from './ReopenMonthDialog.tsx';
import { dayText } from './timesheetDates.ts';
import { useCloseMonth, useMonthClosings, useReopenMonth } from './timesheetQueries.ts';

const monthLabel = (month: string | null) => (month ? `${month.slice(5, 7)}/${month.slice(0, 4)}` : '—');
const scopeOf = (row: MonthClosingRow): ClosingScope =>
  row.resourceId !== null ? { resourceId: row.resourceId } : { projectId: row.projectId as number };
const keyOf = (row: MonthClosingRow) =>
  row.resourceId !== null ? `r${row.resourceId}` : `p${row.projectId}`;

/** The month just ended: what a supervisor usually closes. */
const lastMonth = () => {
  const today = new Date();
  return dayText(new Date(today.getFullYear(), today.getMonth() - 1, 1)).slice(0, 7);
};

/**
 * Spec §2.9 closeMonthList: per resource and per project, the month closed through; closing a month locks it
 * and every earlier one (the server refuses entries there), reopening needs the administration permission, asks
 * why and reopens the later months too.
 */
export function CloseMonthListPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { appID = '', title = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const closings = useMonthClosings(applicationId);
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const [months, setMonths] = useState<Record<string, string>>({});
  const [reopening, setReopening] = useState<MonthClosingRow | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const closeRow = async (row: MonthClosingRow) => {
    setRefusal(null);
    const month = months[keyOf(row)] ?? lastMonth();
    try {
      await close.mutateAsync({ scope: scopeOf(row), month });
      enqueueSnackbar(t('timesheets.closed', { name: row.name, month: monthLabel(month) }), {
        variant: 'success',
      });
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  const reopenRow = async (row: MonthClosingRow, month: string, reason: string) => {
    setRefusal(null);
    try {
      await reopen.mutateAsync({ scope: scopeOf(row), month, reason });
      enqueueSnackbar(t('timesheets.reopened', { name: row.name, month: monthLabel(month) }), {
        variant: 'success',
      });
      setReopening(null);
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  const section = (heading: string, rows: MonthClosingRow[]) => (
    <section aria-label={heading}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Alert severity="info">{t('timesheets.nothingToClose')}</Alert>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('timesheets.name')}</TableCell>
                <TableCell>{t('timesheets.closedThrough')}</TableCell>
                <TableCell>{t('timesheets.closedBy')}</TableCell>
                <TableCell>{t('timesheets.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={keyOf(row)}>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  <TableCell>{monthLabel(row.closedThrough)}</TableCell>
                  <TableCell>
                    {row.closedByName && row.closedAt
                      ? `${row.closedByName}, ${new Date(row.closedAt).toLocaleString(i18n.language)}`
                      : '—'}
                  </TableCell>
                  <TableCell>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                    >
                      {row.canClose && (
                        <>
                          <TextField
                            type="month"
                            size="small"
                            label={t('timesheets.monthToClose')}
                            value={months[keyOf(row)] ?? lastMonth()}
                            onChange={(event) =>
                              setMonths((current) => ({ ...current, [keyOf(row)]: event.target.value }))
                            }
                            slotProps={{ inputLabel: { shrink: true } }}
                          />
                          <Button
                            variant="outlined"
                            onClick={() => void closeRow(row)}
                            disabled={close.isPending}
                          >
                            {t('timesheets.closeMonth')}
                          </Button>
                        </>
                      )}
                      {closings.data?.canReopen && row.closedThrough && (
                        <Button onClick={() => setReopening(row)}>{t('timesheets.reopen')}</Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h5">
        {title || t('timesheets.closeTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('timesheets.closeHelp')}
      </Typography>
      {closings.error && (
        <Alert severity="error">
          {t('timesheets.loadFailed')} {getErrorMessage(closings.error)}
        </Alert>
      )}
      {closings.isFetching && <LinearProgress aria-label={t('timesheets.loading')} />}
      {refusal && !reopening && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {closings.data && section(t('timesheets.resources'), closings.data.resources)}
      {closings.data && section(t('timesheets.projects'), closings.data.projects)}
      {reopening?.closedThrough && (
        <ReopenMonthDialog
          name={reopening.name}
          closedThrough={reopening.closedThrough}
          saving={reopen.isPending}
          error={refusal}
          onClose={() => {
            setReopening(null);
            setRefusal(null);
          }}
          onReopen={(month, reason) => void reopenRow(reopening, month, reason)}
        />
      )}
    </Stack>
  );
}
