import { type AvailableAction, workflowRoutes } from '@der/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import type {
  FormRendererApi,
  FormValues,
  FormWorkflowServices,
} from '../../../shared/ui/FormRenderer/formRendererTypes.ts';
import { serverFieldErrors } from '../forms/serverFieldErrors.ts';
import { type ActionAnswer, ActionDialog } from './ActionDialog.tsx';
import { useAvailableActions, workflowActionsQueryKey } from './useAvailableActions.ts';

/** The dialog open for an action: its definition and the responsible candidates (null: none asked). */
interface Pending {
  action: AvailableAction;
  responsibles: Array<{ id: number; name: string }> | null;
}

/** What the page does with a refused action (the same as with a refused save). */
export interface WorkflowRefusalHandlers {
  /** 409: someone saved the item first. */
  onConflict: (error: ApiError) => void;
  /** 403: the user may not change the item. */
  onForbidden: (message: string) => void;
  /** Item fields the server refused (400 naming them): shown on the form. */
  onFieldErrors: (issues: { field: string; message: string }[]) => void;
  /** After the action ran: the page reloads the item (status, responsible, version, history). */
  onDone: () => Promise<void>;
}

function nonEmpty(changes: FormValues): FormValues | undefined {
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/**
 * Spec §4 item actions on a saved item's form: the actions of its status (getActions), and running one — the
 * rule checked first (validateByRule) when a dialog would ask for something, the confirmation, reason and
 * responsible dialog, then executeTaskAction with the form's unsaved changes at the version the form holds.
 * A refusal of the rule or of the action comes back as `refusal` (the page shows it on the form).
 */
export function useWorkflowActions({
  componentId,
  itemId,
  version,
  renderer,
  fieldKeys,
  handlers,
}: {
  componentId: number;
  /** null for a new item: it has no workflow until saved. */
  itemId: number | null;
  version: number | undefined;
  renderer: RefObject<FormRendererApi | null>;
  /** The item's fields: a refusal naming one goes onto the field, any other one into `refusal`. */
  fieldKeys: ReadonlySet<string>;
  handlers: WorkflowRefusalHandlers;
}): {
  workflow: FormWorkflowServices | undefined;
  runAction: (actionKey: string) => Promise<void>;
  refusal: string | null;
  clearRefusal: () => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = useRef({ version, handlers, fieldKeys });
  latest.current = { version, handlers, fieldKeys };

  const state = useAvailableActions(componentId, itemId);
  const stateRef = useRef(state.data);
  stateRef.current = state.data;

  /** A refused call: a conflict and a 403 as the save's; field issues onto the form; the rest as `refusal`. */
  const handleError = useCallback(
    (error: unknown) => {
      const { handlers: current, fieldKeys: keys } = latest.current;
      if (error instanceof ApiError && error.status === 409) return current.onConflict(error);
      if (error instanceof ApiError && error.status === 403) return current.onForbidden(error.message);
      const issues = serverFieldErrors(error);
      const onFields = issues.filter((issue) => keys.has(issue.field));
      const others = issues.filter((issue) => !keys.has(issue.field));
      if (onFields.length > 0) current.onFieldErrors(onFields);
      if (others.length > 0) setRefusal(others.map((issue) => issue.message).join(' '));
      else if (issues.length === 0) {
        if (error instanceof ApiError && error.status === 400) setRefusal(getErrorMessage(error));
        else enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );

  const execute = useCallback(
    async (action: AvailableAction, answer: ActionAnswer) => {
      if (itemId === null) return;
      const { version: held, handlers: current } = latest.current;
      const loaded = stateRef.current?.version;
      setBusy(true);
      try {
        const result = await apiCall(workflowRoutes.executeTaskAction, {
          body: {
            itemId,
            componentId,
            action: action.key,
            version: held ?? loaded ?? 1,
            reason: answer.reason,
            responsibleId: answer.responsibleId,
            changes: nonEmpty(renderer.current?.getChanges() ?? {}),
          },
        });
        setPending(null);
        setRefusal(null);
        if (result.pendingApprovals) {
          enqueueSnackbar(
            t('workflow.approvalRecorded', {
              given: result.pendingApprovals.given,
              required: result.pendingApprovals.required,
            }),
            { variant: 'info' },
          );
        } else {
          enqueueSnackbar(
            result.status
              ? t('workflow.doneWithStatus', { action: action.name, status: result.status.name })
              : t('workflow.done', { action: action.name }),
            { variant: 'success' },
          );
        }
        await Promise.all([
          current.onDone(),
          queryClient.invalidateQueries({ queryKey: workflowActionsQueryKey(componentId, itemId) }),
          queryClient.invalidateQueries({ queryKey: ['form-history', itemId] }),
        ]);
      } catch (error) {
        setPending(null);
        handleError(error);
      } finally {
        setBusy(false);
      }
    },
    [itemId, componentId, renderer, enqueueSnackbar, t, queryClient, handleError],
  );

  const runAction = useCallback(
    async (actionKey: string) => {
      if (itemId === null) return;
      const action = stateRef.current?.actions.find((candidate) => candidate.key === actionKey);
      if (!action) {
        enqueueSnackbar(t('workflow.notAvailable'), { variant: 'warning' });
        return;
      }
      const asks = action.reasonRequired || action.responsibleRequired || action.confirmation !== null;
      if (!asks) return execute(action, { reason: null, responsibleId: null });
      setBusy(true);
      try {
        const values = nonEmpty(renderer.current?.getChanges() ?? {});
        const body = { itemId, componentId, action: actionKey, values };
        // The rule first: no reason is typed for an action its condition refuses anyway.
        const rule = await apiCall(workflowRoutes.validateByRule, { body });
        if (!rule.valid) {
          setRefusal(rule.message ?? t('workflow.refused'));
          return;
        }
        let responsibles: Pending['responsibles'] = null;
        if (action.responsibleRequired) {
          responsibles = (await apiCall(workflowRoutes.loadResponsibles, { body })).responsibles;
          if (responsibles.length === 0) {
            setRefusal(t('workflow.noResponsibles'));
            return;
          }
        }
        setRefusal(null);
        setPending({ action, responsibles });
      } catch (error) {
        handleError(error);
      } finally {
        setBusy(false);
      }
    },
    [itemId, componentId, renderer, execute, enqueueSnackbar, t, handleError],
  );

  const workflow = useMemo<FormWorkflowServices | undefined>(
    () =>
      itemId === null
        ? undefined
        : {
            state: state.data ?? null,
            failed: state.isError,
            busy: busy || pending !== null,
            runAction: (key) => void runAction(key),
          },
    [itemId, state.data, state.isError, busy, pending, runAction],
  );

  const dialog = pending ? (
    <ActionDialog
      key={pending.action.key}
      action={pending.action}
      responsibles={pending.responsibles}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={(answer) => void execute(pending.action, answer)}
    />
  ) : null;

  return { workflow, runAction, refusal, clearRefusal: () => setRefusal(null), dialog };
}

/** Runs `actionKey` once the item's actions are loaded (a new item's workflow button, after its first save). */
export function useRunOnLoad(
  actionKey: string | null,
  ready: boolean,
  runAction: (actionKey: string) => Promise<void>,
  onStarted: () => void,
) {
  const started = useRef(false);
  useEffect(() => {
    if (!actionKey || !ready || started.current) return;
    started.current = true;
    onStarted();
    void runAction(actionKey);
  }, [actionKey, ready, runAction, onStarted]);
}
