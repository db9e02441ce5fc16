import { type BulkFilter, type BulkOperation, bulkRoutes } from '@der/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../../api/apiClient.ts';
import { type ActionAnswer, ActionDialog } from '../workflow/ActionDialog.tsx';
import { BulkJobProgress } from './BulkJobProgress.tsx';
import { BulkValueInput } from './BulkValueInput.tsx';
import { bulkJobsPath } from './bulkPaths.ts';
import { bulkErrorText } from './useBulkJob.ts';
import { useBulkOptions } from './useBulkOptions.ts';

/** What the list offers a bulk job: its selection and its current filter (with the list's count). */
export interface BulkTargets {
  selectedIds: number[];
  filter: BulkFilter | null;
  /** The list's count of the filter's items ('1.000+' when capped). */
  filterCount: string;
}

type Step = { kind: 'choose' } | { kind: 'confirm' } | { kind: 'progress'; jobId: number };

/**
 * 'Ação em massa' (spec §4 "Bulk operation", §7.6 executeBulkOperation): a workflow action of the component
 * or a field update, over the selection or every item of the list's filter; the action's reason and
 * responsible asked by the workflow's own dialog; then the job's live progress. Closing leaves it running.
 */
export function BulkOperationDialog({
  appId,
  componentId,
  targets,
  onClose,
}: {
  appId: string;
  componentId: number;
  targets: BulkTargets;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [target, setTarget] = useState<'selection' | 'filter'>(
    targets.selectedIds.length > 0 || !targets.filter ? 'selection' : 'filter',
  );
  const [kind, setKind] = useState<'action' | 'update'>('action');
  const [actionKey, setActionKey] = useState('');
  const [fieldKey, setFieldKey] = useState('');
  const [value, setValue] = useState<unknown>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [responsibles, setResponsibles] = useState<{
    list: ReadonlyArray<{ id: number; name: string }>;
    differ: boolean;
  } | null>(null);

  const options = useBulkOptions(componentId);
  const action = options.data?.actions.find((candidate) => candidate.key === actionKey);
  const field = options.data?.fields.find((candidate) => candidate.key === fieldKey);

  /** The selection, or every item of the list's filter. */
  const targetBody = () => ({
    itemIds: target === 'selection' ? targets.selectedIds : [],
    ...(target === 'filter' && targets.filter ? { filter: targets.filter } : {}),
  });

  const start = async (operation: BulkOperation) => {
    setBusy(true);
    setRefusal(null);
    try {
      const job = await apiCall(bulkRoutes.executeBulkOperation, {
        body: { componentId, operation, ...targetBody() },
      });
      await queryClient.invalidateQueries({ queryKey: ['bulk', 'jobs'] });
      setStep({ kind: 'progress', jobId: job.id });
    } catch (error) {
      setRefusal(bulkErrorText(error));
      setStep({ kind: 'choose' });
    } finally {
      setBusy(false);
    }
  };

  const handleRun = () => {
    if (kind === 'update') {
      void start({ kind: 'update', changes: field ? { [field.key]: value } : {} });
      return;
    }
    if (!action) {
      setRefusal(t('bulk.dialog.chooseAction'));
      return;
    }
    // The workflow's dialog asks the reason (and shows the confirmation) as for one item.
    setResponsibles(null);
    if (action.responsibleRequired) void askResponsible(action.key);
    else if (action.reasonRequired || action.confirmation) setStep({ kind: 'confirm' });
    else void start({ kind: 'action', action: action.key });
  };

  /**
   * The action's candidates for every item of the target (loadBulkResponsibles): the job hands each item to
   * the one chosen, so only the people valid for all of them are offered — with a note when the items'
   * candidates differ, and a refusal instead of the dialog when they have no one in common.
   */
  const askResponsible = async (key: string) => {
    try {
      const found = await apiCall(bulkRoutes.loadBulkResponsibles, {
        body: { componentId, action: key, ...targetBody() },
      });
      if (found.responsibles.length === 0) {
        setRefusal(t(found.differ ? 'bulk.dialog.noCommonResponsible' : 'workflow.noResponsibles'));
        return;
      }
      setResponsibles({ list: found.responsibles, differ: found.differ });
      setStep({ kind: 'confirm' });
    } catch (error) {
      setRefusal(bulkErrorText(error));
    }
  };

  const handleAnswer = (answer: ActionAnswer) => {
    if (!action) return;
    void start({
      kind: 'action',
      action: action.key,
      reason: answer.reason,
      responsibleId: answer.responsibleId,
    });
  };

  if (step.kind === 'confirm' && action)
    return (
      <ActionDialog
        action={{ ...action, approvals: null }}
        responsibles={responsibles?.list ?? null}
        note={responsibles?.differ ? t('bulk.dialog.responsiblesDiffer') : null}
        busy={busy}
        onConfirm={handleAnswer}
        onCancel={() => setStep({ kind: 'choose' })}
      />
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-dialog-title">
      <DialogTitle id="bulk-dialog-title">{t('bulk.dialog.title')}</DialogTitle>
      <DialogContent>
        {step.kind === 'progress' ? (
          <BulkJobProgress jobId={step.jobId} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {refusal && <Alert severity="error">{refusal}</Alert>}
            {options.isError && <Alert severity="error">{bulkErrorText(options.error)}</Alert>}
            <FormControl>
              <FormLabel id="bulk-target-label">{t('bulk.dialog.target')}</FormLabel>
              <RadioGroup
                aria-labelledby="bulk-target-label"
                value={target}
                onChange={(event) => setTarget(event.target.value as 'selection' | 'filter')}
              >
                <FormControlLabel
                  value="selection"
                  control={<Radio />}
                  label={t('bulk.dialog.targetSelection', { count: targets.selectedIds.length })}
                />
                <FormControlLabel
                  value="filter"
                  control={<Radio />}
                  disabled={!targets.filter}
                  label={t('bulk.dialog.targetFilter', { count: targets.filterCount })}
                />
              </RadioGroup>
            </FormControl>
            <FormControl>
              <FormLabel id="bulk-kind-label">{t('bulk.dialog.operation')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="bulk-kind-label"
                value={kind}
                onChange={(event) => setKind(event.target.value as 'action' | 'update')}
              >
                <FormControlLabel value="action" control={<Radio />} label={t('bulk.dialog.kindAction')} />
                <FormControlLabel value="update" control={<Radio />} label={t('bulk.dialog.kindUpdate')} />
              </RadioGroup>
            </FormControl>
            {kind === 'action' ? (
              <TextField
                select
                label={t('bulk.dialog.action')}
                value={actionKey}
                onChange={(event) => setActionKey(event.target.value)}
                helperText={options.data?.actions.length === 0 ? t('bulk.dialog.noActions') : undefined}
              >
                {(options.data?.actions ?? []).map((candidate) => (
                  <MenuItem key={candidate.key} value={candidate.key}>
                    {candidate.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <>
                <TextField
                  select
                  label={t('bulk.dialog.field')}
                  value={fieldKey}
                  onChange={(event) => {
                    setFieldKey(event.target.value);
                    setValue(null);
                  }}
                >
                  {(options.data?.fields ?? []).map((candidate) => (
                    <MenuItem key={candidate.key} value={candidate.key}>
                      {candidate.label}
                    </MenuItem>
                  ))}
                </TextField>
                {field && (
                  <BulkValueInput
                    field={field}
                    label={t('bulk.dialog.value')}
                    value={value}
                    onChange={setValue}
                  />
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button component={Link} to={bulkJobsPath(appId, step.kind === 'progress' ? step.jobId : undefined)}>
          {t('bulk.jobs.open')}
        </Button>
        <Button onClick={onClose}>
          {step.kind === 'progress' ? t('bulk.dialog.close') : t('bulk.dialog.cancel')}
        </Button>
        {step.kind === 'choose' && (
          <Button variant="contained" onClick={handleRun} disabled={busy || options.isPending}>
            {t('bulk.dialog.run')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
