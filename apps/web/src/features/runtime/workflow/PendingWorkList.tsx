import type { PendingWorkItem } from '@der/contracts';
import {
  Box,
  Link as MuiLink,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format/formatDateTime.ts';
import { isRowOpenClick } from '../../../shared/ui/DataTable/rowOpenTarget.ts';
import { StatusChip } from '../../../shared/ui/StatusChip.tsx';

/** Who an item waits on, as the list names it: the user, else the group's queue. */
function useWaitingOn() {
  const { t } = useTranslation();
  return (item: PendingWorkItem) =>
    item.responsibleName ??
    (item.responsibleGroupName ? t('workflow.pending.groupQueue', { group: item.responsibleGroupName }) : '');
}

/**
 * The pending items: a table on wide screens, cards below 600 px (as the app's lists). Each row opens the
 * item's form (its link, a click anywhere on the row, Enter on a focused card).
 */
export function PendingWorkList({
  items,
  pathOf,
}: {
  items: readonly PendingWorkItem[];
  /** The item's edit route. */
  pathOf: (item: PendingWorkItem) => string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const waitingOn = useWaitingOn();
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
  const handleClick = (item: PendingWorkItem) => (event: MouseEvent<HTMLElement>) => {
    if (isRowOpenClick(event.target, event.currentTarget)) navigate(pathOf(item));
  };
  const handleKeyDown = (item: PendingWorkItem) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) navigate(pathOf(item));
  };
  const itemLink = (item: PendingWorkItem) => (
    <MuiLink component={Link} to={pathOf(item)}>
      {item.formattedId}
    </MuiLink>
  );

  if (narrow) {
    return (
      <Box
        component="ul"
        aria-label={t('workflow.pending.list')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {items.map((item) => (
          <Paper
            component="li"
            variant="outlined"
            key={`${item.componentId}:${item.id}`}
            tabIndex={0}
            onClick={handleClick(item)}
            onKeyDown={handleKeyDown(item)}
            sx={{
              p: 1.5,
              cursor: 'pointer',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold', flex: 1 }}>
                {itemLink(item)}
              </Typography>
              {item.status && <StatusChip name={item.status.name} color={item.status.color} />}
            </Box>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, 40%) 1fr', gap: 0.5, m: 0 }}
            >
              {[
                [t('workflow.pending.itemTitle'), item.title ?? ''],
                [t('workflow.pending.component'), item.componentName],
                [t('workflow.pending.responsible'), waitingOn(item)],
                [t('workflow.pending.modifiedAt'), formatDateTime(item.modifiedAt, 0, language)],
              ].map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {term}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('workflow.pending.list')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('workflow.pending.item')}</TableCell>
            <TableCell>{t('workflow.pending.itemTitle')}</TableCell>
            <TableCell>{t('workflow.pending.component')}</TableCell>
            <TableCell>{t('workflow.pending.status')}</TableCell>
            <TableCell>{t('workflow.pending.responsible')}</TableCell>
            <TableCell>{t('workflow.pending.modifiedAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow
              key={`${item.componentId}:${item.id}`}
              hover
              onClick={handleClick(item)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>{itemLink(item)}</TableCell>
              <TableCell>{item.title}</TableCell>
              <TableCell>{item.componentName}</TableCell>
              <TableCell>
                {item.status && <StatusChip name={item.status.name} color={item.status.color} />}
              </TableCell>
              <TableCell>{waitingOn(item)}</TableCell>
              <TableCell>{formatDateTime(item.modifiedAt, 0, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
