import type { BulkJob } from '@der/contracts';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { BulkJobProgress } from './BulkJobProgress.tsx';
import { BulkJobStatusChip } from './BulkJobStatusChip.tsx';
import { handledPercent } from './useBulkJob.ts';
import { useBulkJobs } from './useBulkJobs.ts';

/**
 * 'Operações em massa' (/runtime/{appID}/bulkJobs): the user's bulk jobs of the application, newest first,
 * live while any runs; one opened (?job=) shows its progress, errors and controls — the page to come back to.
 */
export function BulkJobsPage() {
  const { t, i18n } = useTranslation();
  const { appID = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const [search, setSearch] = useSearchParams();
  const openedId = routeIdOf(search.get('job') ?? undefined);
  const jobs = useBulkJobs(applicationId);
  const when = (job: BulkJob) =>
    new Date(job.createdAt).toLocaleString(i18n.language, { timeZone: 'America/Sao_Paulo' });

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {t('bulk.jobs.title')}
      </Typography>
      {openedId > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <BulkJobProgress key={openedId} jobId={openedId} />
        </Paper>
      )}
      {jobs.isError && <Alert severity="error">{getErrorMessage(jobs.error)}</Alert>}
      {jobs.isPending && <LinearProgress aria-label={t('bulk.progress.loading')} />}
      {jobs.data && jobs.data.jobs.length === 0 && (
        <Typography color="text.secondary">{t('bulk.jobs.empty')}</Typography>
      )}
      {jobs.data && jobs.data.jobs.length > 0 && (
        <List aria-label={t('bulk.jobs.title')} disablePadding>
          {jobs.data.jobs.map((job) => (
            <ListItem
              key={job.id}
              divider
              secondaryAction={
                <Button size="small" onClick={() => setSearch({ job: String(job.id) })}>
                  {t('bulk.jobs.show')}
                </Button>
              }
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <span>
                      {t('bulk.progress.title', {
                        description: job.description,
                        component: job.componentName,
                      })}
                    </span>
                    <BulkJobStatusChip status={job.status} />
                  </Box>
                }
                secondary={t('bulk.jobs.summary', {
                  when: when(job),
                  percent: handledPercent(job),
                  done: job.done,
                  failed: job.failed,
                  interrupted: job.interrupted,
                  total: job.total,
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
