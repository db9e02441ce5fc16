import { type BulkJob, type BulkJobDetail, bulkRoutes } from '@der/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { BulkJobStatusChip } from './BulkJobStatusChip.tsx';
import { bulkErrorText, bulkJobQueryKey, handledPercent, isActiveJob, useBulkJob } from './useBulkJob.ts';

/**
 * A bulk job as it runs (spec §4 "Bulk operation"): a labelled bar with the written, refused and interrupted
 * counts, live while it runs; 'Interromper'; 'Tentar novamente os que falharam'; the refused items with the
 * write path's reason for each.
 */
export function BulkJobProgress({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const detail = useBulkJob(jobId);
  const [busy, setBusy] = useState(false);

  const control = async (route: typeof bulkRoutes.interruptBulkJob | typeof bulkRoutes.retryBulkJob) => {
    setBusy(true);
    try {
      const job: BulkJob = await apiCall(route, { body: { id: jobId } });
      queryClient.setQueryData<BulkJobDetail>(bulkJobQueryKey(jobId), (old) => (old ? { ...old, job } : old));
      await queryClient.invalidateQueries({ queryKey: ['bulk'] });
    } catch (error) {
      enqueueSnackbar(bulkErrorText(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (detail.isPending) return <CircularProgress aria-label={t('bulk.progress.loading')} />;
  if (detail.isError) return <Alert severity="error">{getErrorMessage(detail.error)}</Alert>;
  const { job, errors } = detail.data;
  const active = isActiveJob(job.status);
  const retryable = job.failed + job.interrupted;
  const percent = handledPercent(job);

  return (
    <Stack spacing={2} aria-live="polite" aria-busy={active}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('bulk.progress.title', { description: job.description, component: job.componentName })}
        </Typography>
        <BulkJobStatusChip status={job.status} />
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('bulk.progress.label', { description: job.description })}
        aria-valuetext={t('bulk.progress.valueText', {
          percent,
          handled: job.total - job.remaining,
          total: job.total,
        })}
      />
      <Typography variant="body2" data-testid="bulk-counts">
        {t('bulk.progress.counts', {
          done: job.done,
          failed: job.failed,
          interrupted: job.interrupted,
          total: job.total,
        })}
      </Typography>
      <Stack direction="row" spacing={1}>
        {active && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void control(bulkRoutes.interruptBulkJob)}
          >
            {t('bulk.progress.interrupt')}
          </Button>
        )}
        {retryable > 0 && (
          <Button variant="contained" disabled={busy} onClick={() => void control(bulkRoutes.retryBulkJob)}>
            {t('bulk.progress.retry', { count: retryable })}
          </Button>
        )}
      </Stack>
      {errors.length > 0 && (
        <Table size="small" aria-label={t('bulk.progress.errorsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('bulk.progress.item')}</TableCell>
              <TableCell>{t('bulk.progress.state')}</TableCell>
              <TableCell>{t('bulk.progress.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((error) => (
              <TableRow key={error.itemId}>
                <TableCell>
                  {error.formattedId
                    ? `${error.formattedId}${error.title ? ` — ${error.title}` : ''}`
                    : t('bulk.progress.itemNumber', { id: error.itemId })}
                </TableCell>
                <TableCell>{t(`bulk.itemState.${error.state}`)}</TableCell>
                <TableCell>{error.message ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
