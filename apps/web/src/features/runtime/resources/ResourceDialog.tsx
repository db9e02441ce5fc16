import {
  parseBrazilianNumber,
  type ResourceChoice,
  type ResourceEdit,
  type ResourceFormInitialData,
  type ResourceKind,
  type ResourceProject,
} from '@der/contracts';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  MenuItem,
  Radio,
  RadioGroup,
  Switch,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { serverFieldErrors } from '../forms/serverFieldErrors.ts';
import { loadResourceFormData, loadResourceToEdit, resourceKeys, saveResource } from './resourceQueries.ts';

/** The form's values as typed (the cost as pt-BR text: '1.234,56'). */
interface Draft {
  kind: ResourceKind;
  user: ResourceChoice | null;
  name: string;
  calendarId: number | '';
  cost: string;
  supervisor: ResourceChoice | null;
  projects: ResourceProject[];
  active: boolean;
}

const costText = (value: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

function draftOf(record: ResourceEdit): Draft {
  return {
    kind: record.kind,
    user: record.userId ? { id: record.userId, name: record.userName ?? '' } : null,
    name: record.name,
    calendarId: record.calendarId ?? '',
    cost: costText(record.costPerHour),
    supervisor: record.supervisorId ? { id: record.supervisorId, name: record.supervisorName ?? '' } : null,
    projects: record.projects,
    active: record.active,
  };
}

/** The choices, with the record's own values among them (a supervisor is not given the lists of people). */
function withCurrent(choices: readonly ResourceChoice[], current: ResourceChoice | null): ResourceChoice[] {
  return current && !choices.some((choice) => choice.id === current.id)
    ? [current, ...choices]
    : [...choices];
}

const projectLabel = (project: ResourceProject) => `${project.formattedId} — ${project.title}`;

/**
 * Creates (id 0) or changes a resource: a person (a user) or a named asset, its working calendar, cost per hour
 * in R$, supervisor, projects and whether it is active. Only administrators change the kind, the person and the
 * supervisor; the server's refusals show under the fields they name, a stale version as a notice.
 */
export function ResourceDialog({
  applicationId,
  resourceId,
  onClose,
}: {
  applicationId: number;
  resourceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const titleId = useId();
  const formId = `${titleId}-form`;
  const record = useQuery({
    queryKey: resourceKeys.record(applicationId, resourceId),
    queryFn: ({ signal }) => loadResourceToEdit(applicationId, resourceId, signal),
    retry: false,
    staleTime: 0,
  });
  const choices = useQuery({
    queryKey: resourceKeys.formData(applicationId, resourceId),
    queryFn: ({ signal }) => loadResourceFormData(applicationId, resourceId, signal),
    retry: false,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (record.data) setDraft(draftOf(record.data));
  }, [record.data]);

  const save = useMutation({
    mutationFn: (values: Draft) =>
      saveResource({
        id: resourceId,
        kind: values.kind,
        userId: values.kind === 'user' ? (values.user?.id ?? null) : null,
        name: values.kind === 'asset' ? values.name : '',
        calendarId: values.calendarId === '' ? null : values.calendarId,
        costPerHour: parseBrazilianNumber(values.cost) ?? Number.NaN,
        supervisorId: values.supervisor?.id ?? null,
        projectIds: values.projects.map((project) => project.id),
        active: values.active,
        version: record.data?.version ?? 0,
      }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      await client.invalidateQueries({ queryKey: resourceKeys.all });
      onClose();
    },
    onError: (error) => {
      const issues = serverFieldErrors(error);
      if (issues.length > 0) {
        setErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
        return;
      }
      if (error instanceof ApiError && error.status === 409) setNotice(getErrorMessage(error));
      else enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found: Record<string, string> = {};
    if (draft.kind === 'asset' && draft.name.trim() === '') found.name = t('validation.required');
    if (draft.kind === 'user' && !draft.user) found.userId = t('validation.required');
    const cost = parseBrazilianNumber(draft.cost);
    if (cost === null || cost < 0) found.costPerHour = t('resources.costInvalid');
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length === 0) save.mutate(draft);
  };

  const change = (values: Partial<Draft>) =>
    setDraft((current) => (current ? { ...current, ...values } : current));
  const loadError = record.error ?? choices.error;
  const data: ResourceFormInitialData | undefined = choices.data;
  const ownership = record.data?.canChangeOwnership ?? false;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(resourceId === 0 ? 'resources.newTitle' : 'resources.editTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {notice && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {loadError ? (
          <Alert severity="error">{getErrorMessage(loadError)}</Alert>
        ) : !draft || !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : (
          <Box
            component="form"
            id={formId}
            noValidate
            onSubmit={handleSubmit}
            sx={{ display: 'grid', gap: 2, pt: 1 }}
          >
            <FormControl disabled={!ownership}>
              <FormLabel id={`${formId}-kind`}>{t('resources.kind')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${formId}-kind`}
                value={draft.kind}
                onChange={(event) => change({ kind: event.target.value as ResourceKind })}
              >
                <FormControlLabel value="user" control={<Radio />} label={t('resources.kinds.user')} />
                <FormControlLabel value="asset" control={<Radio />} label={t('resources.kinds.asset')} />
              </RadioGroup>
            </FormControl>
            {draft.kind === 'user' ? (
              <Autocomplete
                options={withCurrent(data.users, draft.user)}
                value={draft.user}
                disabled={!ownership}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                onChange={(_event, user) => change({ user })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    required
                    label={t('resources.person')}
                    error={Boolean(errors.userId)}
                    helperText={errors.userId}
                  />
                )}
              />
            ) : (
              <TextField
                required
                label={t('resources.assetName')}
                value={draft.name}
                onChange={(event) => change({ name: event.target.value })}
                error={Boolean(errors.name)}
                helperText={errors.name ?? t('resources.assetNameHint')}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            )}
            <TextField
              select
              label={t('resources.calendar')}
              value={draft.calendarId}
              onChange={(event) =>
                change({ calendarId: event.target.value === '' ? '' : Number(event.target.value) })
              }
              error={Boolean(errors.calendarId)}
              helperText={errors.calendarId}
            >
              <MenuItem value="">{t('resources.noCalendar')}</MenuItem>
              {data.calendars.map((calendar) => (
                <MenuItem key={calendar.id} value={calendar.id}>
                  {calendar.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              required
              label={t('resources.costPerHour')}
              value={draft.cost}
              onChange={(event) => change({ cost: event.target.value })}
              error={Boolean(errors.costPerHour)}
              helperText={errors.costPerHour ?? t('resources.costHint')}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
            <Autocomplete
              options={withCurrent(data.supervisors, draft.supervisor)}
              value={draft.supervisor}
              disabled={!ownership}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_event, supervisor) => change({ supervisor })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('resources.supervisor')}
                  error={Boolean(errors.supervisorId)}
                  helperText={errors.supervisorId ?? t('resources.supervisorHint')}
                />
              )}
            />
            <Autocomplete
              multiple
              options={data.projects}
              value={draft.projects}
              getOptionLabel={projectLabel}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              onChange={(_event, projects) => change({ projects })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('resources.projects')}
                  error={Boolean(errors.projectIds)}
                  helperText={errors.projectIds}
                />
              )}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.active}
                  onChange={(event) => change({ active: event.target.checked })}
                />
              }
              label={t('resources.active')}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={!draft || !data || save.isPending || !record.data?.canEdit}
        >
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
