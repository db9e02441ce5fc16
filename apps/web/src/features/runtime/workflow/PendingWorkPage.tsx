import type { PendingWorkItem } from '@der/contracts';
import { Alert, Box, Button, Chip, LinearProgress, Stack, TablePagination, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { ROWS_PER_PAGE_OPTIONS } from '../../../shared/ui/DataTable/DataTablePagination.tsx';
import { readableTextColor } from '../../../shared/ui/DataTable/readableTextColor.ts';
import { routeIdOf, runtimePaths } from '../runtimePaths.ts';
import { DelegationsDialog } from './DelegationsDialog.tsx';
import { PendingWorkList } from './PendingWorkList.tsx';
import { usePendingWork } from './usePendingWork.ts';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** The lists' page sizes (the shared data table's). */

/**
 * 'Minhas pendências' (/runtime/{appID}/pendingWork): the application's items waiting on the user, their groups
 * or who delegated to them, filtered by status (chips with their counts), a page at a time; each opens its form.
 * The user may delegate their own pending work for a period.
 */
export function PendingWorkPage() {
  const { t } = useTranslation();
  const { appID = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [delegating, setDelegating] = useState(false);
  const work = usePendingWork(applicationId, status, page, pageSize);
  const byStatus = work.data?.byStatus ?? [];
  const allCount = byStatus.reduce((sum, entry) => sum + entry.count, 0);
  const choose = (next: string | null) => {
    setStatus(next);
    setPage(1);
  };
  const pathOf = (item: PendingWorkItem) =>
    runtimePaths.editItem(appID, item.componentId, item.id, item.formId);
  const items = work.data?.items ?? [];

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          {t('workflow.pending.title')}
        </Typography>
        <Button variant="outlined" onClick={() => setDelegating(true)} aria-haspopup="dialog">
          {t('workflow.delegation.open')}
        </Button>
      </Box>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label={t('workflow.pending.byStatus')}
      >
        <Chip
          label={t('workflow.pending.all', { count: allCount })}
          color={status === null ? 'primary' : 'default'}
          variant={status === null ? 'filled' : 'outlined'}
          aria-pressed={status === null}
          onClick={() => choose(null)}
        />
        {byStatus.map((entry) => {
          const chosen = status === entry.status.key;
          const colour = HEX_COLOUR.test(entry.status.color) ? entry.status.color : null;
          return (
            <Chip
              key={entry.status.key}
              label={t('workflow.pending.statusCount', { status: entry.status.name, count: entry.count })}
              aria-pressed={chosen}
              variant={chosen ? 'filled' : 'outlined'}
              onClick={() => choose(chosen ? null : entry.status.key)}
              sx={
                chosen && colour
                  ? { bgcolor: colour, color: readableTextColor(colour), '&:hover': { bgcolor: colour } }
                  : colour
                    ? { borderColor: colour }
                    : undefined
              }
            />
          );
        })}
      </Stack>
      {work.isFetching && <LinearProgress aria-label={t('form.loading')} />}
      {work.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void work.refetch()}>
              {t('workflow.pending.retry')}
            </Button>
          }
        >
          {t('workflow.pending.loadFailed')} {getErrorMessage(work.error)}
        </Alert>
      ) : work.data && items.length === 0 ? (
        <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
          {t('workflow.pending.empty')}
        </Typography>
      ) : (
        <PendingWorkList items={items} pathOf={pathOf} />
      )}
      {work.data && work.data.total > 0 && (
        <TablePagination
          component="div"
          count={work.data.total}
          page={page - 1}
          rowsPerPage={pageSize}
          rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('dataTable.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('dataTable.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`dataTable.goTo.${type}`)}
          showFirstButton
          showLastButton
        />
      )}
      {delegating && <DelegationsDialog onClose={() => setDelegating(false)} />}
    </Stack>
  );
}
