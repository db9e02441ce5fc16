import {
  type AvailableAction,
  type KanbanBoard,
  type KanbanMoves,
  kanbanRoutes,
  workflowRoutes,
} from '@der/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { refusalText } from '../forms/serverFieldErrors.ts';
import type { ActionAnswer } from '../workflow/ActionDialog.tsx';
import type { DraggedCard } from './KanbanCard.tsx';
import {
  type KanbanFilter,
  kanbanCardsPrefix,
  kanbanSwimlanesKey,
  placeCard,
  restoreCards,
  updateCounts,
} from './kanbanQueries.ts';

/**
 * The action dialog is drawn by the form renderer's prompt (400 KB of script): loaded when a card is picked up,
 * not with the board, whose first paint needs none of it.
 */
const loadActionDialog = () => import('../workflow/ActionDialog.tsx');
const ActionDialog = lazy(() => loadActionDialog().then((module) => ({ default: module.ActionDialog })));

interface PendingDrop {
  card: DraggedCard;
  toLane: string;
  action: AvailableAction;
  responsibles: Array<{ id: number; name: string }> | null;
}

/**
 * Dragging and dropping a card (spec §2.9): on pick-up the lanes this user can reach (getKanbanMoves); on a
 * drop the action's rule first, then the workflow's own dialog (ActionDialog: confirmation, reason,
 * responsible) when the action asks for any, then moveKanbanCard. The card is drawn in its new lane at once
 * and settled from the answer (the card as stored, the two lanes' counts); a refusal puts it back where it was
 * and says why (`refusal`), as the form says a refused action.
 */
export function useKanbanDrop(board: KanbanBoard, filter: KanbanFilter) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const [moves, setMoves] = useState<KanbanMoves | null>(null);
  const movesRequest = useRef<Promise<KanbanMoves | null> | null>(null);
  const [pending, setPending] = useState<PendingDrop | null>(null);
  const [busy, setBusy] = useState(false);
  const [movingId, setMovingId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const laneName = useCallback(
    (value: string | null) => board.lanes.find((lane) => lane.value === value)?.name ?? value ?? '',
    [board.lanes],
  );

  const pickUp = useCallback(
    (card: DraggedCard) => {
      setMoves(null);
      setRefusal(null);
      void loadActionDialog();
      const request = apiCall(kanbanRoutes.getKanbanMoves, {
        body: { viewId: board.viewId, itemId: card.row.ID },
      })
        .then((answer) => {
          if (movesRequest.current === request) setMoves(answer);
          return answer;
        })
        // Not knowing the targets only loses the hint: the drop still asks the server, which decides.
        .catch(() => null);
      movesRequest.current = request;
    },
    [board.viewId],
  );

  const move = useCallback(
    async (card: DraggedCard, toLane: string, answer: ActionAnswer) => {
      const { viewId } = board;
      setPending(null);
      setMovingId(card.row.ID);
      // Drawn in its new lane at once; put back as it was if the server refuses.
      const snapshot = placeCard(client, viewId, filter, card.row, card.users, toLane);
      updateCounts(client, viewId, filter, { from: card.lane, to: toLane });
      try {
        const result = await apiCall(kanbanRoutes.moveKanbanCard, {
          body: {
            viewId,
            itemId: card.row.ID,
            version: card.row.Version,
            toLane,
            reason: answer.reason,
            responsibleId: answer.responsibleId,
            queryId: filter.queryId,
            search: filter.search || undefined,
          },
        });
        // The card as stored (its lane stays while an action waits for more approvals) and the two counts.
        placeCard(client, viewId, filter, result.card, result.users, result.lane);
        updateCounts(client, viewId, filter, { counts: result.counts });
        void client.invalidateQueries({ queryKey: kanbanSwimlanesKey(viewId, filter) });
        enqueueSnackbar(
          result.pendingApprovals
            ? t('workflow.approvalRecorded', {
                given: result.pendingApprovals.given,
                required: result.pendingApprovals.required,
              })
            : t('kanban.moved', {
                title: card.row.Title || card.row.FormattedID,
                lane: laneName(result.lane),
              }),
          { variant: result.pendingApprovals ? 'info' : 'success' },
        );
      } catch (error) {
        restoreCards(client, snapshot);
        updateCounts(client, viewId, filter, { from: toLane, to: card.lane });
        setRefusal(refusalText(error));
        // Someone changed the card meanwhile: its lane is reloaded so the board shows it as stored.
        if (error instanceof ApiError && error.status === 409)
          await client.invalidateQueries({ queryKey: [...kanbanCardsPrefix(viewId, filter), card.lane] });
      } finally {
        setMovingId(null);
      }
    },
    [board, filter, client, enqueueSnackbar, t, laneName],
  );

  const drop = useCallback(
    async (card: DraggedCard, toLane: string | null) => {
      const known = movesRequest.current ? await movesRequest.current : null;
      movesRequest.current = null;
      setMoves(null);
      if (toLane === null || toLane === card.lane) return;
      const action = known?.targets.find((target) => target.lane === toLane)?.action ?? null;
      const asks =
        action && (action.reasonRequired || action.responsibleRequired || action.confirmation !== null);
      // No action reaches the lane (the server says so, naming it), or none asks anything: the move at once.
      if (!action || !asks) return move(card, toLane, { reason: null, responsibleId: null });
      setBusy(true);
      try {
        const body = { itemId: card.row.ID, componentId: board.componentId, action: action.key };
        // The rule first: no reason is typed for a move its condition refuses anyway.
        const rule = await apiCall(workflowRoutes.validateByRule, { body });
        if (!rule.valid) {
          setRefusal(rule.message ?? t('workflow.refused'));
          return;
        }
        let responsibles: PendingDrop['responsibles'] = null;
        if (action.responsibleRequired) {
          responsibles = (await apiCall(workflowRoutes.loadResponsibles, { body })).responsibles;
          if (responsibles.length === 0) {
            setRefusal(t('workflow.noResponsibles'));
            return;
          }
        }
        setPending({ card, toLane, action, responsibles });
      } catch (error) {
        setRefusal(refusalText(error));
      } finally {
        setBusy(false);
      }
    },
    [board.componentId, move, t],
  );

  const cancel = useCallback(() => {
    movesRequest.current = null;
    setMoves(null);
  }, []);

  const reachable = useMemo(
    () => (moves ? new Set(moves.targets.map((target) => target.lane)) : null),
    [moves],
  );

  const dialog: ReactNode = pending ? (
    <Suspense fallback={null}>
      <ActionDialog
        key={`${pending.card.row.ID}-${pending.action.key}`}
        action={pending.action}
        responsibles={pending.responsibles}
        busy={movingId !== null}
        onCancel={() => setPending(null)}
        onConfirm={(answer) => void move(pending.card, pending.toLane, answer)}
      />
    </Suspense>
  ) : null;

  return {
    /** The lanes the dragged card can reach (null while unknown or when nothing is dragged). */
    reachable,
    pickUp,
    drop,
    cancel,
    busy,
    movingId,
    refusal,
    clearRefusal: () => setRefusal(null),
    dialog,
  };
}
