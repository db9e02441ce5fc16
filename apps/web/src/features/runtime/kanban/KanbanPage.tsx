import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { routeIdOf, runtimePaths } from '../runtimePaths.ts';
import { KanbanBoardView } from './KanbanBoardView.tsx';
import type { KanbanFilter } from './kanbanQueries.ts';
import { useKanbanBoard } from './useKanbanBoard.ts';

/** The search box waits for the user to stop typing before the lanes reload. */
const SEARCH_DELAY_MS = 300;

/**
 * A kanban view (/runtime/{appID}/kanban/{viewID}/{title}, spec §2.9): the board of the definition's view with
 * its saved queries and a search box; a card opens the item's form, a lane that allows it a new item's.
 */
export function KanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appID = '', viewID } = useParams();
  const viewId = routeIdOf(viewID);
  const [queryId, setQueryId] = useState<number | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [swimlanes, setSwimlanes] = useState<boolean | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter = useMemo<KanbanFilter>(() => ({ queryId, search }), [queryId, search]);
  const board = useKanbanBoard(viewId, filter);
  const data = board.data;
  const hrefOf = useCallback(
    (itemId: number) =>
      data?.formId ? runtimePaths.editItem(appID, data.componentId, itemId, data.formId) : null,
    [appID, data?.componentId, data?.formId],
  );
  // A new card in a lane: on a status board the lane is the initial status (the only one the server lets
  // create in), where every new item starts; on a field board the form starts with the lane's option.
  const byStatus = data?.byStatus;
  const laneField = data?.laneField;
  const handleCreate = useCallback(
    (lane: string) => {
      if (!data?.formId || !laneField) return;
      const prefill = byStatus ? undefined : { [laneField]: lane };
      void navigate(runtimePaths.insertItem(appID, data.componentId, null, data.formId, prefill));
    },
    [navigate, appID, data?.componentId, data?.formId, byStatus, laneField],
  );

  if (board.isError && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void board.refetch()}>
            {t('kanban.retry')}
          </Button>
        }
      >
        {t('kanban.loadFailed')} {getErrorMessage(board.error)}
      </Alert>
    );
  }
  if (!data) return <LinearProgress aria-label={t('kanban.loading')} />;
  const grouped = swimlanes ?? data.swimlanes === 'responsible';

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {data.name}
      </Typography>
      <Box
        role="search"
        aria-label={t('kanban.filters')}
        sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('kanban.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          sx={{ width: 320 }}
          type="search"
        />
        {data.queries.length > 0 && (
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="kanban-query-label">{t('kanban.savedQuery')}</InputLabel>
            <Select
              labelId="kanban-query-label"
              label={t('kanban.savedQuery')}
              value={queryId === undefined ? '' : String(queryId)}
              onChange={(event) =>
                setQueryId(event.target.value === '' ? undefined : Number(event.target.value))
              }
            >
              <MenuItem value="">{t('kanban.allItems')}</MenuItem>
              {data.queries.map((query) => (
                <MenuItem key={query.id} value={String(query.id)}>
                  {query.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <FormControlLabel
          control={<Switch checked={grouped} onChange={(event) => setSwimlanes(event.target.checked)} />}
          label={t('kanban.swimlanes')}
        />
      </Box>
      {board.isFetching && <LinearProgress aria-label={t('kanban.loading')} />}
      <KanbanBoardView
        board={data}
        boardAt={board.dataUpdatedAt}
        filter={filter}
        swimlanes={grouped}
        hrefOf={hrefOf}
        onCreate={handleCreate}
      />
    </Stack>
  );
}
