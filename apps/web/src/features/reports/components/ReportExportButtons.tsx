import type { ReportExportFormat, ReportJob, ReportParameterValues } from '@der/contracts';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { downloadBlob } from '../../../shared/ui/DataTable/downloadBlob.ts';
import {
  downloadReportFile,
  isActiveReportJob,
  useReportJob,
  useStartReportExport,
} from '../hooks/useReport.ts';

const percentOf = (job: ReportJob) => (job.total === 0 ? 0 : Math.round((job.done / job.total) * 100));

/**
 * Export to XLSX or PDF: each is a background job (spec §4 Pending/Running/Finished) whose progress shows here;
 * the file downloads by itself when it is finished (scheduleDownload).
 */
export function ReportExportButtons({
  reportId,
  parameters,
}: {
  reportId: number;
  parameters: ReportParameterValues;
}) {
  const { t } = useTranslation();
  const start = useStartReportExport(reportId);
  const [jobId, setJobId] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const job = useReportJob(jobId).data;
  const downloaded = useRef<number | null>(null);

  useEffect(() => {
    if (job?.status !== 'finished' || downloaded.current === job.id || !job.fileName) return;
    downloaded.current = job.id;
    const fileName = job.fileName;
    downloadReportFile(job.id)
      .then((blob) => downloadBlob(blob, fileName))
      .catch((error: unknown) => setDownloadError(getErrorMessage(error)));
  }, [job]);

  const handleExport = (format: ReportExportFormat) => {
    setDownloadError(null);
    start.mutate({ parameters, format }, { onSuccess: (started) => setJobId(started.id) });
  };
  const running = start.isPending || isActiveReportJob(job);

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => handleExport('xlsx')} disabled={running}>
          {t('reports.exportXlsx')}
        </Button>
        <Button variant="outlined" onClick={() => handleExport('pdf')} disabled={running}>
          {t('reports.exportPdf')}
        </Button>
      </Stack>
      {job && isActiveReportJob(job) && (
        <Stack spacing={0.5} role="status">
          <Typography variant="body2">
            {t(`reports.job.${job.status}`, { done: job.done, total: job.total })}
          </Typography>
          <LinearProgress
            variant={job.total > 0 ? 'determinate' : 'indeterminate'}
            value={percentOf(job)}
            aria-label={t('reports.job.progress')}
          />
        </Stack>
      )}
      {job?.status === 'finished' && (
        <Typography variant="body2" role="status">
          {t('reports.job.finished', { fileName: job.fileName })}
        </Typography>
      )}
      {job?.status === 'failed' && <Alert severity="error">{job.error ?? t('reports.job.failed')}</Alert>}
      {start.isError && <Alert severity="error">{getErrorMessage(start.error)}</Alert>}
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
    </Stack>
  );
}
