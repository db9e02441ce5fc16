import type { GetResourcesBody, ResourceKind, ResourceRow } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import WorkIcon from '@mui/icons-material/Work';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { formatCurrency } from '../../../shared/format/formatNumber.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { visuallyHidden } from '../../../shared/ui/DataTable/visuallyHidden.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { ResourceDialog } from './ResourceDialog.tsx';
import { ResourceWorkPanel } from './ResourceWorkPanel.tsx';
import { deleteResources, loadResources, resourceKeys } from './resourceQueries.ts';

const PAGE_SIZES = [25, 50, 100];

/**
 * The resources of an application (/runtime/{appID}/resourcesList/{title}, spec §7.4): people and assets with
 * their calendar, cost per hour, supervisor and projects; 'Novo recurso', edit and delete (administrators; a
 * supervisor edits their resources) and, per resource, its projects with its pending tasks and items.
 */
export function ResourcesPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const { appID = '', title = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [kind, setKind] = useState<ResourceKind | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ResourceRow | null>(null);
  const [shown, setShown] = useState<ResourceRow | null>(null);

  const body: GetResourcesBody = {
    applicationId,
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(kind ? { kind } : {}),
    page: page + 1,
    pageSize,
  };
  const list = useQuery({
    queryKey: resourceKeys.list(body),
    queryFn: ({ signal }) => loadResources(body, signal),
    enabled: applicationId > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const remove = useMutation({
    mutationFn: (row: ResourceRow) => deleteResources({ ids: [row.id] }),
    onSuccess: async (answer, row) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      if (shown?.id === row.id) setShown(null);
      await client.invalidateQueries({ queryKey: resourceKeys.all });
    },
    onError: (error) => enqueueSnackbar(getErrorMessage(error), { variant: 'error' }),
  });

  const data = list.data;
  const showEmail = data?.rows.some((row) => row.email !== null) ?? false;
  const heading = title || t('resources.title');

  const handleConfirmRemove = () => {
    if (removing) remove.mutate(removing);
    setRemoving(null);
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography component="h1" variant="h5">
          {heading}
        </Typography>
        {data?.canManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
            {t('resources.new')}
          </Button>
        )}
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('resources.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ width: 400, maxWidth: '100%' }}
        />
        <TextField
          size="small"
          select
          label={t('resources.kind')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as ResourceKind | '');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('resources.allKinds')}</MenuItem>
          <MenuItem value="user">{t('resources.kinds.user')}</MenuItem>
          <MenuItem value="asset">{t('resources.kinds.asset')}</MenuItem>
        </TextField>
      </Stack>
      {list.error && <Alert severity="error">{getErrorMessage(list.error)}</Alert>}
      {(list.isFetching || remove.isPending) && <LinearProgress aria-label={t('app.loading')} />}
      <TableContainer>
        <Table size="small" aria-label={heading} data-testid="resources-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('resources.name')}</TableCell>
              <TableCell>{t('resources.kind')}</TableCell>
              {showEmail && <TableCell>{t('resources.email')}</TableCell>}
              <TableCell>{t('resources.calendar')}</TableCell>
              <TableCell align="right">{t('resources.costPerHour')}</TableCell>
              <TableCell>{t('resources.supervisor')}</TableCell>
              <TableCell align="right">{t('resources.projects')}</TableCell>
              <TableCell>{t('resources.active')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('resources.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data && data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={showEmail ? 9 : 8} align="center">
                  {t('resources.empty')}
                </TableCell>
              </TableRow>
            )}
            {data?.rows.map((row) => (
              <TableRow key={row.id} hover selected={shown?.id === row.id} data-row-id={row.id}>
                <TableCell component="th" scope="row">
                  {row.name}
                </TableCell>
                <TableCell>{t(`resources.kinds.${row.kind}`)}</TableCell>
                {showEmail && <TableCell>{row.email ?? ''}</TableCell>}
                <TableCell>{row.calendarName ?? '—'}</TableCell>
                <TableCell align="right">{formatCurrency(row.costPerHour)}</TableCell>
                <TableCell>{row.supervisorName ?? '—'}</TableCell>
                <TableCell align="right">{row.projectCount}</TableCell>
                <TableCell>{row.active ? t('resources.yes') : t('resources.no')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <RowAction
                    label={t('resources.showWork', { name: row.name })}
                    icon={<WorkIcon />}
                    onClick={() => setShown(row)}
                  />
                  {row.canEdit && (
                    <RowAction
                      label={t('resources.edit', { name: row.name })}
                      icon={<EditIcon />}
                      onClick={() => setEditing(row.id)}
                    />
                  )}
                  {data.canManage && (
                    <RowAction
                      label={t('resources.remove', { name: row.name })}
                      icon={<DeleteIcon />}
                      onClick={() => setRemoving(row)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data && (
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('resources.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('resources.displayedRows', { from, to, count })}
        />
      )}
      {shown && (
        <ResourceWorkPanel key={shown.id} appId={appID} applicationId={applicationId} resource={shown} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('resources.removeTitle')}
        text={t('resources.confirmRemove', { name: removing?.name ?? '' })}
        onCancel={() => setRemoving(null)}
        onConfirm={handleConfirmRemove}
      />
      {editing !== null && (
        <ResourceDialog applicationId={applicationId} resourceId={editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function RowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
