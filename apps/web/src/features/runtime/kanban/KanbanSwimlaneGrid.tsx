import type { ColumnDefinition, KanbanBoard } from '@der/contracts';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import type { FormatContext } from '../../../shared/format/formatContext.ts';
import type { LaneDragState } from './KanbanLane.tsx';
import { KanbanLaneHeader } from './KanbanLaneHeader.tsx';
import { KanbanSwimlaneCell } from './KanbanSwimlaneCell.tsx';
import type { KanbanFilter } from './kanbanQueries.ts';
import { useKanbanSwimlanes } from './useKanbanSwimlanes.ts';

const LANE_WIDTH = 300;

/**
 * Swimlanes by responsible as a grid (spec §2.9 kanban): the lanes are the columns (their headings and counts
 * on top), one row per responsible of the board's cards and one for the cards without one; a row collapses to
 * its heading. Each cell pages and virtualises its own cards and takes drops for its lane.
 */
export function KanbanSwimlaneGrid({
  board,
  filter,
  fields,
  hrefOf,
  onCreate,
  context,
  dragStateOf,
  movingId,
}: {
  board: KanbanBoard;
  filter: KanbanFilter;
  fields: readonly ColumnDefinition[];
  hrefOf: (itemId: number) => string | null;
  onCreate: ((lane: string) => void) | null;
  context: FormatContext;
  dragStateOf: (lane: string) => LaneDragState;
  movingId: number | null;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useKanbanSwimlanes(board.viewId, filter);
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Box
      sx={{
        overflow: 'auto',
        height: 'calc(100vh - 240px)',
        minHeight: 360,
        contain: 'inline-size',
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${board.lanes.length}, ${LANE_WIDTH}px)`,
          gap: 1,
          alignItems: 'start',
          pb: 1,
        }}
      >
        {board.lanes.map((lane, index) => (
          <Paper
            key={lane.value}
            variant="outlined"
            data-testid={`kanban-lane-${lane.value}`}
            sx={{ position: 'sticky', top: 0, zIndex: 2, borderTop: 4, borderTopColor: lane.color }}
          >
            <KanbanLaneHeader
              id={`${baseId}-lane-${index}`}
              name={lane.name}
              count={lane.count}
              capped={lane.capped}
              onCreate={onCreate && lane.allowCreate ? () => onCreate(lane.value) : null}
            />
          </Paper>
        ))}
        {rows.isPending && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <LinearProgress aria-label={t('kanban.loading')} />
          </Box>
        )}
        {rows.isError && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {getErrorMessage(rows.error)}
          </Alert>
        )}
        {rows.data?.rows.map((row) => {
          const key = String(row.responsibleId ?? 'none');
          const name = row.name || t('kanban.noResponsible');
          const open = !collapsed.has(key);
          const total = row.counts.reduce((sum, count) => sum + count.count, 0);
          const headingId = `${baseId}-row-${key}`;
          return (
            <Fragment key={key}>
              <Box
                component="h2"
                id={headingId}
                data-testid={`kanban-swimlane-${key}`}
                sx={{ gridColumn: '1 / -1', m: 0, mt: 1, position: 'sticky', left: 0 }}
              >
                <Button
                  size="small"
                  color="inherit"
                  aria-expanded={open}
                  onClick={() => toggle(key)}
                  startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  sx={{ textTransform: 'none', fontWeight: 600 }}
                >
                  {name}
                </Button>
                <Chip size="small" label={t('kanban.laneCount', { count: total })} sx={{ ml: 1 }} />
              </Box>
              {open &&
                board.lanes.map((lane) => (
                  <KanbanSwimlaneCell
                    key={lane.value}
                    viewId={board.viewId}
                    filter={filter}
                    lane={lane}
                    responsibleId={row.responsibleId}
                    rowName={name}
                    fields={fields}
                    colorField={board.colorField}
                    hrefOf={hrefOf}
                    context={context}
                    dragState={dragStateOf(lane.value)}
                    movingId={movingId}
                  />
                ))}
            </Fragment>
          );
        })}
        {rows.data?.capped && (
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {t('kanban.swimlanesCapped', { count: rows.data.rows.length })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
