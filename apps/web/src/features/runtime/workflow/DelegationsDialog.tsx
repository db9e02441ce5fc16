import {
  type Delegation,
  type DelegationsResult,
  type FieldDefinition,
  FieldDefinitionSchema,
  FormComponentSchema,
  workflowRoutes,
} from '@der/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSnackbar } from 'notistack';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { DISPLAY_TIME_ZONE } from '../../../shared/format/formatContext.ts';
import { FormRenderer } from '../../../shared/ui/FormRenderer/FormRenderer.tsx';
import type { FormValues } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';
import { referenceServices } from '../forms/referenceServices.ts';
import { DELEGATIONS_QUERY_KEY, useDelegations } from './useDelegations.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A day the date chooser stored (its midnight in the department's time zone, as a UTC instant) as YYYY-MM-DD. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const instant = dayjs.utc(value);
  return instant.isValid() ? instant.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD') : null;
}

/** YYYY-MM-DD as the app shows dates (DD/MM/YYYY). */
const shownDay = (day: string) => day.split('-').reverse().join('/');

function DelegationList({
  title,
  entries,
  describe,
  onRemove,
}: {
  title: string;
  entries: readonly Delegation[];
  describe: (entry: Delegation) => string;
  onRemove?: (entry: Delegation) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <>
      <Typography id={titleId} component="h3" variant="subtitle2" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('workflow.delegation.none')}</Typography>
      ) : (
        <List dense aria-labelledby={titleId}>
          {entries.map((entry) => (
            <ListItem
              key={entry.id}
              secondaryAction={
                onRemove && (
                  <IconButton
                    edge="end"
                    aria-label={t('workflow.delegation.remove', { user: entry.toUserName })}
                    onClick={() => onRemove(entry)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={describe(entry)} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/**
 * 'Delegar minhas pendências': the user's delegations (given, which they may end, and received) and a new
 * one — another user (the users chooser of USERS fields) and a date range, both days included.
 */
export function DelegationsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const formId = useId();
  const [formKey, setFormKey] = useState(0);
  const [missing, setMissing] = useState<readonly string[]>(['toUserId', 'startsOn', 'endsOn']);
  const [saving, setSaving] = useState(false);
  const delegations = useDelegations();
  const { fields, layout, services } = useMemo(() => {
    const label = (key: string) => {
      const text = t(`workflow.delegation.${key}`);
      return { 'pt-BR': text, en: text };
    };
    const defined: FieldDefinition[] = [
      FieldDefinitionSchema.parse({ key: 'toUserId', type: 'USERS', label: label('toUser'), required: true }),
      ...['startsOn', 'endsOn'].map((key) =>
        FieldDefinitionSchema.parse({
          key,
          type: 'DATE_TIME',
          label: label(key),
          required: true,
          dateTimeFormatType: 1,
        }),
      ),
    ];
    return {
      fields: defined,
      layout: [
        FormComponentSchema.parse({ type: 'dropdown', field: 'toUserId' }),
        FormComponentSchema.parse({ type: 'dateChooser', field: 'startsOn', columnSpan: 6 }),
        FormComponentSchema.parse({ type: 'dateChooser', field: 'endsOn', columnSpan: 6 }),
      ],
      // The users chooser does not depend on a component.
      services: { references: referenceServices(0) },
    };
  }, [t]);
  const onValuesChange = useCallback(
    (_: FormValues, stillMissing: readonly string[]) =>
      setMissing((previous) => (previous.join() === stillMissing.join() ? previous : stillMissing)),
    [],
  );

  function show(result: DelegationsResult) {
    queryClient.setQueryData(DELEGATIONS_QUERY_KEY, result);
  }

  async function handleSave(values: FormValues) {
    const startsOn = dayOf(values.startsOn);
    const endsOn = dayOf(values.endsOn);
    const toUserId = Number(values.toUserId);
    if (!startsOn || !endsOn || !Number.isInteger(toUserId)) return;
    if (endsOn < startsOn) {
      enqueueSnackbar(t('workflow.delegation.endBeforeStart'), { variant: 'error' });
      return;
    }
    setSaving(true);
    try {
      const result = await apiCall(workflowRoutes.saveDelegation, { body: { toUserId, startsOn, endsOn } });
      show(result);
      const user = result.given.find((entry) => entry.toUserId === toUserId)?.toUserName ?? '';
      enqueueSnackbar(t('workflow.delegation.saved', { user }), { variant: 'success' });
      setFormKey((key) => key + 1);
    } catch (error) {
      enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  }

  async function handleRemove(entry: Delegation) {
    try {
      show(await apiCall(workflowRoutes.deleteDelegation, { body: { id: entry.id } }));
      enqueueSnackbar(t('workflow.delegation.removed'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    }
  }

  const range = (entry: Delegation) => ({ from: shownDay(entry.startsOn), to: shownDay(entry.endsOn) });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('workflow.delegation.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('workflow.delegation.intro')}</DialogContentText>
        {delegations.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('workflow.delegation.loadFailed')}
          </Alert>
        ) : delegations.data ? (
          <>
            <DelegationList
              title={t('workflow.delegation.given')}
              entries={delegations.data.given}
              describe={(entry) =>
                t('workflow.delegation.givenEntry', { user: entry.toUserName, ...range(entry) })
              }
              onRemove={(entry) => void handleRemove(entry)}
            />
            <DelegationList
              title={t('workflow.delegation.received')}
              entries={delegations.data.received}
              describe={(entry) =>
                t('workflow.delegation.receivedEntry', { user: entry.fromUserName, ...range(entry) })
              }
            />
          </>
        ) : (
          <Typography color="text.secondary">{t('form.loading')}</Typography>
        )}
        <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
          {t('workflow.delegation.newTitle')}
        </Typography>
        <FormRenderer
          key={formKey}
          formId={formId}
          layout={layout}
          fields={fields}
          services={services}
          onValuesChange={onValuesChange}
          onSubmit={(values) => handleSave(values)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('workflow.delegation.close')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={missing.length > 0 || saving}>
          {t('workflow.delegation.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
