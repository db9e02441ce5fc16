import { formRoutes, localize, WRITABLE_SYSTEM_FIELD_KEYS } from '@der/contracts';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { componentRuleEvaluator } from '../../../shared/rules/componentRuleEvaluator.ts';
import { ruleExpressionEvaluator } from '../../../shared/rules/ruleExpressionEvaluator.ts';
import { FormRenderer } from '../../../shared/ui/FormRenderer/FormRenderer.tsx';
import type {
  FormRendererApi,
  FormValues,
  SubmitOptions,
} from '../../../shared/ui/FormRenderer/formRendererTypes.ts';
import { AetRequestActions } from '../aet/AetRequestActions.tsx';
import { PaymentPanel } from '../payments/PaymentPanel.tsx';
import { routeIdOf } from '../runtimePaths.ts';
import { useSignatureAttachmentActions } from '../signatures/signatureActions.tsx';
import { activityResourcesOf, itemTimesheetServices } from '../timesheets/itemTimesheetServices.ts';
import { ChangesSinceCorrectionPanel } from '../workflow/ChangesSinceCorrectionPanel.tsx';
import { workflowActionsQueryKey } from '../workflow/useAvailableActions.ts';
import { useRunOnLoad, useWorkflowActions } from '../workflow/useWorkflowActions.tsx';
import { attachmentServices } from './attachmentServices.ts';
import { ConflictDialog, type ConflictInfo } from './ConflictDialog.tsx';
import { definesSaveButton } from './definesSaveButton.ts';
import { formServices } from './formServices.ts';
import { lookupValuesSource } from './lookupValuesSource.ts';
import { useProjectWidgetServices } from './projectWidgetServices.ts';
import { serverFieldErrors } from './serverFieldErrors.ts';
import { treeOptionServices } from './treeOptionServices.ts';
import { useButtonActions } from './useButtonActions.ts';
import {
  type ItemFormKey,
  itemFormDataQueryKey,
  itemPermissionQueryKey,
  useItemFormData,
} from './useItemFormData.ts';
import { useLinkServices } from './useLinkServices.ts';

/** The values an insert sends: configured fields and the writable system fields (never Version, IDs…). */
function insertChanges(values: FormValues, fieldKeys: ReadonlySet<string>): FormValues {
  const writable = new Set<string>(WRITABLE_SYSTEM_FIELD_KEYS);
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => fieldKeys.has(key) || writable.has(key)),
  );
}

/** Where a new item's workflow button goes after the first save: its edit page runs the action. */
interface WorkflowHandOver {
  workflowAction?: string;
}

function conflictOf(error: unknown): ConflictInfo | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const version = Number((error.body as { details?: { version?: unknown } } | undefined)?.details?.version);
  return { message: error.message, currentVersion: Number.isInteger(version) ? version : null };
}

/**
 * The insert and edit screens of spec §2.9: the component's form, saved at the version it was loaded
 * (a concurrent save answers 409 and the user reloads), refused with the §6 text when the user may not edit.
 */
export function ItemFormPage({
  formKey,
  editPathOf,
}: {
  formKey: ItemFormKey;
  /** The edit route of a saved item (an insert moves there after its first save), on this form or another. */
  editPathOf: (itemId: number, formId?: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const htmlFormId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { form, data, permission } = useItemFormData(formKey);
  const rendererApi = useRef<FormRendererApi | null>(null);
  const onReady = useCallback((api: FormRendererApi) => {
    rendererApi.current = api;
  }, []);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const item = data.data?.item ?? null;
  const view = form.data;
  const { appID = '' } = useParams();
  const isNew = formKey.itemId === null;
  // A new item, or one still in its workflow's initial status, is a draft (saved without what sending needs).
  const draftStatus = view?.draftStatus ?? null;
  const isDraft = draftStatus !== null && (isNew || item?.status === draftStatus);
  // A form for drafts (a guided request) hands a sent item over to the form it is followed on.
  const sentFormId = view?.sentFormId;
  const sentItemId = item && !isDraft && sentFormId !== undefined ? item.id : null;
  useEffect(() => {
    if (sentItemId !== null && sentFormId !== undefined)
      navigate(editPathOf(sentItemId, sentFormId), { replace: true });
  }, [sentItemId, sentFormId, navigate, editPathOf]);
  const evaluateRules = useMemo(
    () =>
      view
        ? componentRuleEvaluator(view.rules, isNew, lookupValuesSource(view.componentId), isDraft)
        : undefined,
    [view, isNew, isDraft],
  );
  // Read-only on the form (a component, a computed value) and for this user in the item's status.
  const readOnlyFields = useMemo(
    () => [
      ...new Set([
        ...(view ? view.fields.filter((field) => field.readOnly).map((field) => field.key) : []),
        ...(item?.readOnlyFields ?? []),
      ]),
    ],
    [view, item],
  );
  // The user's own hidden fields, and those the field permissions hide from them in the item's status.
  const hiddenFields = useMemo(
    () => [...(view?.hiddenFields ?? []), ...(item?.restrictedFields ?? [])],
    [view, item],
  );
  const fieldKeys = useMemo(() => new Set(view?.rules.fields.map((field) => field.key) ?? []), [view]);

  /** Fields in error may sit in tabs the user does not see: a notice names them all (spec §5). */
  function reportInvalidFields(keys: readonly string[]) {
    const labels = keys.map((key) => {
      const field = view?.rules.fields.find((candidate) => candidate.key === key);
      return field ? localize(field.label, i18n.language) : key;
    });
    enqueueSnackbar(t('form.page.invalidFields', { fields: labels.join(', ') }), { variant: 'error' });
  }

  /** Server refusals naming item fields: on the fields, the first one brought into view, all named. */
  function showFieldErrors(issues: readonly { field: string; message: string }[]) {
    for (const issue of issues) rendererApi.current?.setFieldError(issue.field, issue.message);
    if (!issues[0]) return;
    rendererApi.current?.revealField(issues[0].field);
    reportInvalidFields(issues.map((issue) => issue.field));
  }
  // A refused link change says why as a refused save does: the conflict dialog, the §6 refusal, a message.
  const onLinkRefused = useCallback(
    (error: unknown) => {
      const conflictInfo = conflictOf(error);
      if (conflictInfo) return setConflict(conflictInfo);
      if (error instanceof ApiError && error.status === 403) return setRefusal(error.message);
      enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    },
    [enqueueSnackbar],
  );
  // `version`: the item's version now, moved on by link changes (each one saves a new version).
  const { links, version } = useLinkServices({ formKey, item, onRefused: onLinkRefused });
  const workflowActions = useWorkflowActions({
    componentId: formKey.componentId,
    itemId: item?.id ?? null,
    version,
    renderer: rendererApi,
    fieldKeys,
    handlers: {
      onConflict: (error) => setConflict(conflictOf(error)),
      onForbidden: (message) => setRefusal(message),
      onFieldErrors: (issues) => showFieldErrors(issues),
      onDone: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: itemFormDataQueryKey(formKey) }),
          queryClient.invalidateQueries({ queryKey: itemPermissionQueryKey(formKey) }),
        ]);
      },
    },
  });
  const { runAction } = workflowActions;
  // A new item has no workflow yet: its workflow button saves it, and its edit page runs the action.
  const runWorkflowAction = useCallback(
    (actionKey: string) => {
      if (isNew) rendererApi.current?.submit({ saveAndClear: false, workflowAction: actionKey });
      else void runAction(actionKey);
    },
    [isNew, runAction],
  );
  const handOver = (location.state as WorkflowHandOver | null)?.workflowAction ?? null;
  const clearHandOver = useCallback(
    () => navigate(location.pathname, { replace: true, state: null }),
    [navigate, location.pathname],
  );
  useRunOnLoad(handOver, Boolean(workflowActions.workflow?.state), runAction, clearHandOver);
  const onButtonAction = useButtonActions(
    formKey.componentId,
    item?.id ?? null,
    isNew,
    rendererApi,
    runWorkflowAction,
  );
  const project = useProjectWidgetServices({
    componentId: formKey.componentId,
    itemId: item?.id ?? null,
    projectId: formKey.projectId,
  });
  // Tree dropdowns: units and items with parents; the stored values keep a since deactivated unit shown.
  const loadTreeOptions = useMemo(
    () => treeOptionServices(view?.rules.fields ?? [], data.data?.values ?? {}),
    [view, data.data],
  );
  const signatureActions = useSignatureAttachmentActions();
  const services = useMemo(
    () => ({
      ...formServices(formKey.componentId, item?.id ?? null),
      // Indicators read the definition's reference tables ($table) as the rules do.
      evaluateExpression: ruleExpressionEvaluator(view?.rules.referenceTables, view?.rules.fields),
      attachments: item?.id ? attachmentServices(item.id, routeIdOf(appID)) : undefined,
      attachmentActions: signatureActions,
      timesheets: item?.id ? itemTimesheetServices(item.id, routeIdOf(appID)) : undefined,
      loadActivityResources: item?.id ? activityResourcesOf(item.id) : undefined,
      onButtonAction,
      links,
      project,
      loadTreeOptions,
      // The panel shows the status deadline the item carries (engine/deadlines).
      workflow: workflowActions.workflow && {
        ...workflowActions.workflow,
        due: { dueAt: item?.dueAt ?? null, dueSoonAt: item?.dueSoonAt ?? null },
      },
    }),
    [
      view?.rules.referenceTables,
      view?.rules.fields,
      item?.dueAt,
      item?.dueSoonAt,
      appID,
      formKey.componentId,
      item?.id,
      onButtonAction,
      links,
      project,
      loadTreeOptions,
      signatureActions,
      workflowActions.workflow,
    ],
  );

  if (form.isError || data.isError) {
    return <Alert severity="error">{getErrorMessage(form.error ?? data.error)}</Alert>;
  }
  if (!view || !data.data || !permission.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  }
  const allowed = permission.data.allowed && (item?.canEdit ?? true) && refusal === null;
  const refusalText = refusal ?? permission.data.message ?? t('form.page.editForbidden');

  async function save(values: FormValues, changed: FormValues, options: SubmitOptions) {
    setSaving(true);
    try {
      const result = await apiCall(formRoutes.saveItem, {
        body: {
          componentId: formKey.componentId,
          formId: formKey.formId,
          projectId: formKey.projectId ?? undefined,
          itemId: item?.id,
          version,
          values: item ? changed : insertChanges(values, fieldKeys),
          saveAndClear: options.saveAndClear && !item,
        },
      });
      enqueueSnackbar(t('form.page.saved', { id: result.saved.formattedId }), { variant: 'success' });
      // saveAndClear on an insert starts the next item on the same form, with the server's fresh defaults.
      if (!item && result.next) rendererApi.current?.reset(result.next.values);
      else if (!item) {
        const state: WorkflowHandOver = { workflowAction: options.workflowAction };
        navigate(editPathOf(result.saved.id), { state: options.workflowAction ? state : null });
      } else await queryClient.invalidateQueries({ queryKey: itemFormDataQueryKey(formKey) });
    } catch (error) {
      const conflictInfo = conflictOf(error);
      if (conflictInfo) return setConflict(conflictInfo);
      if (error instanceof ApiError && error.status === 403) return setRefusal(error.message);
      const issues = serverFieldErrors(error);
      if (issues[0]) showFieldErrors(issues);
      else enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  }

  async function reload() {
    setConflict(null);
    await queryClient.invalidateQueries({ queryKey: itemFormDataQueryKey(formKey) });
  }

  const heading = item
    ? t('form.page.editTitle', { component: view.componentLabel, id: item.formattedId })
    : t('form.page.insertTitle', { component: view.componentLabel });
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {heading}
      </Typography>
      {item && <ChangesSinceCorrectionPanel itemId={item.id} version={item.version} />}
      {!allowed && (
        <Alert severity="warning" role="alert">
          {refusalText}
        </Alert>
      )}
      {workflowActions.refusal && (
        <Alert severity="error" role="alert" onClose={workflowActions.clearRefusal}>
          {workflowActions.refusal}
        </Alert>
      )}
      {item && (
        <PaymentPanel
          item={{ componentId: formKey.componentId, itemId: item.id, version: item.version }}
          // A confirmed payment moved the item on: its values and its workflow panel (status, actions) alike.
          onRefreshItem={() =>
            Promise.all([
              queryClient.invalidateQueries({ queryKey: itemFormDataQueryKey(formKey) }),
              queryClient.invalidateQueries({
                queryKey: workflowActionsQueryKey(formKey.componentId, item.id),
              }),
            ])
          }
        />
      )}
      {/* While a save is on its way the fields take no input: the saved version reloads the form when it
          returns, and what was typed meanwhile (the next step of a guided form) would be lost. */}
      <Box
        component="fieldset"
        disabled={saving}
        aria-busy={saving}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      >
        <FormRenderer
          // A reload (after a conflict or a save) starts the form over from the stored version.
          key={`${item?.id ?? 'new'}-${item?.version ?? 0}`}
          formId={htmlFormId}
          layout={view.layout}
          fields={view.rules.fields}
          values={data.data.values}
          mode={view.mode}
          itemId={item?.id ?? null}
          draft={isDraft}
          readOnly={!allowed}
          readOnlyFields={readOnlyFields}
          userHiddenFields={hiddenFields}
          evaluateRules={evaluateRules}
          services={services}
          onSubmit={save}
          onInvalid={reportInvalidFields}
          onReady={onReady}
        />
      </Box>
      <Stack direction="row" spacing={1}>
        {!definesSaveButton(view.layout) && (
          <Button type="submit" form={htmlFormId} variant="contained" disabled={!allowed || saving}>
            {t('form.page.save')}
          </Button>
        )}
        <Button onClick={() => navigate(-1)}>{t('form.cancel')}</Button>
      </Stack>
      {item?.createdByViewer && (
        <AetRequestActions
          componentName={view.componentName}
          item={item}
          values={data.data.values}
          // The draft is an item of the same component: it opens on this form.
          editPathOf={(draft) => editPathOf(draft.itemId)}
        />
      )}
      {workflowActions.dialog}
      {conflict && item && (
        <ConflictDialog
          conflict={conflict}
          itemId={item.id}
          componentId={formKey.componentId}
          loadedVersion={version ?? item.version}
          onReload={reload}
          onClose={() => setConflict(null)}
        />
      )}
    </Stack>
  );
}
