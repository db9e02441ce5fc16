import { assertNever, type FormComponent, formRoutes, SESSION_WEB_ROUTES } from '@der/contracts';
import { useSnackbar } from 'notistack';
import { type RefObject, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import type { FormRendererApi } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

type ButtonComponent = Extract<FormComponent, { type: 'button' }>;

/** The print viewer's address for a layout of an item (spec §2.1 /printLayout). */
export function printLayoutUrl(itemId: number, printLayoutId: number): string {
  return `${SESSION_WEB_ROUTES.printLayout}?${new URLSearchParams({ itemId: String(itemId), printLayoutId: String(printLayoutId) })}`;
}

/**
 * What a definition's buttons do on a form page besides saving: run an action rule on the server
 * (executeFormBusinessRule with its ruleId) and write back the values it set, open a link, run a workflow
 * action (the page's dialog flow; a new item is saved first); print a layout of the saved item in the print
 * viewer (/printLayout, a new tab, so the form stays as it is).
 */
export function useButtonActions(
  componentId: number,
  itemId: number | null,
  isNew: boolean,
  renderer: RefObject<FormRendererApi | null>,
  runWorkflowAction: (actionKey: string) => void,
) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (button: ButtonComponent) => {
      const action = button.action;
      switch (action.kind) {
        case 'save':
        case 'saveAndClear':
          // Submitted by the renderer itself.
          return;
        case 'runRule': {
          const api = renderer.current;
          if (!api) return;
          try {
            const state = await apiCall(formRoutes.executeFormBusinessRule, {
              body: { componentId, values: api.getValues(), event: 'change', ruleId: action.ruleId, isNew },
            });
            api.setValues(state.values);
          } catch (error) {
            enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
          }
          return;
        }
        case 'openUrl':
          window.open(action.url, '_blank', 'noopener,noreferrer');
          return;
        case 'print':
          if (isNew || itemId === null) {
            enqueueSnackbar(t('printLayout.saveFirst'), { variant: 'info' });
            return;
          }
          window.open(printLayoutUrl(itemId, action.printLayoutId), '_blank', 'noopener');
          return;
        case 'workflowAction':
          runWorkflowAction(action.actionKey);
          return;
        default:
          assertNever(action);
      }
    },
    [componentId, itemId, isNew, renderer, runWorkflowAction, enqueueSnackbar, t],
  );
}
