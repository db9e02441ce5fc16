import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { useKanbanBoardOwner } from './useKanbanBoardOwner.ts';

/**
 * /kanban/{viewID}/{title} (spec §2.1): the board opens inside the runtime shell of the application that
 * holds the view (the answer names it), so the menu and the item links work as from the application's menu.
 */
export function KanbanRoute() {
  const { t } = useTranslation();
  const { viewID = '', title = '' } = useParams();
  const viewId = routeIdOf(viewID);
  const board = useKanbanBoardOwner(viewId);
  if (board.data) {
    return (
      <Navigate
        replace
        to={`/runtime/${board.data.applicationId}/kanban/${viewId}/${encodeURIComponent(title)}`}
      />
    );
  }
  if (board.isError || viewId === 0)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('kanban.loadFailed')} {board.error ? getErrorMessage(board.error) : ''}
      </Alert>
    );
  return <LinearProgress aria-label={t('kanban.loading')} />;
}
