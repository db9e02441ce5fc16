import {
  type AdminUserEdit,
  AUTO_TIMESHEET_TYPES,
  adminUserRoutes,
  type PublicAdditionalField,
  type SaveUserBody,
  SaveUserBodySchema,
  TIMESHEET_TYPES,
} from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Autocomplete,
  Avatar,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Grid,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { FileUploadButton } from '../../../shared/ui/FileUploadButton.tsx';
import {
  AdditionalFieldsSection,
  fromAdditionalFieldValues,
  useAdditionalFields,
} from '../../accounts/AdditionalFieldsSection.tsx';
import { applyServerFieldErrors } from '../../accounts/applyServerFieldErrors.ts';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import { useNotify } from '../shared/useNotify.ts';

type Form = z.input<typeof SaveUserBodySchema>;
type Output = z.output<typeof SaveUserBodySchema>;

const FIELDS = [
  'name',
  'login',
  'email',
  'avatar',
  'companyId',
  'groupIds',
  'timesheetType',
  'autoTimesheetType',
] as const;

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

function toForm(record: AdminUserEdit, definitions: readonly PublicAdditionalField[]): Form {
  return {
    ...record,
    additionalFields: fromAdditionalFieldValues(definitions, record.additionalFields),
    forcePasswordReset: false,
    endSessions: false,
  };
}

function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The user edit form (spec §3 "User edit record"): a blank record for id 0. Server field errors (400) land on
 * their fields; a version conflict (409) shows the server's message and offers to reload the record.
 */
export function UserFormDialog({
  userId,
  onClose,
  onSaved,
}: {
  userId: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [conflict, setConflict] = useState<string | null>(null);
  const initial = useQuery({
    queryKey: ['admin', 'userFormInitialData', userId],
    queryFn: ({ signal }) =>
      apiCall(adminUserRoutes.getUserFormInitialData, { query: { UserId: userId }, signal }),
    retry: false,
  });
  const record = useQuery({
    queryKey: ['admin', 'userToEdit', userId],
    queryFn: ({ signal }) => apiCall(adminUserRoutes.getUsertoEdit, { query: { UserId: userId }, signal }),
    retry: false,
    gcTime: 0,
  });
  const additional = useAdditionalFields('user');
  const form = useForm<Form, unknown, Output>({
    resolver: additional.withChecks(zodResolver(SaveUserBodySchema)),
    mode: 'onTouched',
  });
  const { control, reset, setError, handleSubmit, register, formState } = form;
  const periods = useFieldArray({ control, name: 'calendar.workPeriods' as never });
  const { definitions, settled } = additional;

  // The stored additional values are converted for their inputs, so the definitions come first.
  useEffect(() => {
    if (record.data && settled) reset(toForm(record.data, definitions));
  }, [record.data, settled, definitions, reset]);

  const save = useMutation({
    mutationFn: (body: SaveUserBody) =>
      apiCall(adminUserRoutes.saveUser, {
        body: { ...body, additionalFields: additional.values(body.additionalFields) },
      }),
    onSuccess: (result) => onSaved(result.message),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.code === 'ADMIN_USER_VERSION_CONFLICT') {
        setConflict(getErrorMessage(error));
        return;
      }
      const count = form.getValues('calendar')?.workPeriods?.length ?? 0;
      const periodFields = Array.from({ length: count }, (_, index) => [
        `calendar.workPeriods.${index}.start`,
        `calendar.workPeriods.${index}.end`,
      ]).flat();
      const applied = applyServerFieldErrors(
        error,
        (name, fieldError, options) => setError(name as never, fieldError, options),
        [...FIELDS, ...periodFields, ...additional.paths],
      );
      if (applied === 0) notify.error(error);
    },
  });

  const reload = async () => {
    const fresh = await record.refetch();
    if (fresh.data) reset(toForm(fresh.data, definitions));
    setConflict(null);
  };

  const fieldError = (name: string) => {
    const parts = name.split('.');
    let value: unknown = formState.errors;
    for (const part of parts) value = (value as Record<string, unknown> | undefined)?.[part];
    return translateFieldError(t, (value as { message?: string } | undefined)?.message);
  };

  const loading = initial.isPending || record.isPending || !settled;
  const loadError = initial.error ?? record.error;
  const companies = initial.data?.companies ?? [];
  const groups = initial.data?.groups ?? [];
  const timesheetOptions = initial.data?.timesheetTypes.length
    ? initial.data.timesheetTypes
    : TIMESHEET_TYPES.map((value) => ({ value, text: t(`admin.users.timesheetTypes.${value}`) }));
  const autoOptions = initial.data?.autoTimesheetTypes.length
    ? initial.data.autoTimesheetTypes
    : AUTO_TIMESHEET_TYPES.map((value) => ({ value, text: t(`admin.users.autoTimesheetTypes.${value}`) }));

  const textField = (name: (typeof FIELDS)[number] & ('name' | 'login' | 'email'), label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          required
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message)}
        />
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {userId === 0 ? t('admin.users.newTitle') : t('admin.users.editTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {conflict && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void reload()}>
                {t('admin.reload')}
              </Button>
            }
          >
            {conflict}
          </Alert>
        )}
        {loadError ? (
          <Alert severity="error">{getErrorMessage(loadError)}</Alert>
        ) : loading || !record.data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : (
          <Box
            component="form"
            id={`${titleId}-form`}
            noValidate
            onSubmit={handleSubmit((values) => save.mutate(values))}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, pt: 1 }}
          >
            {textField('name', t('admin.users.name'))}
            {textField('login', t('admin.users.login'))}
            {textField('email', t('admin.users.email'))}
            <Controller
              control={control}
              name="avatar"
              render={({ field }) => (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Avatar src={field.value || undefined} alt="" sx={{ width: 48, height: 48 }} />
                  <FileUploadButton
                    variant="outlined"
                    size="small"
                    accept="image/*"
                    aria-label={t('admin.users.avatarUpload')}
                    onFile={async (file) => field.onChange(await readFileAsDataUrl(file))}
                  >
                    {t('admin.users.avatarUpload')}
                  </FileUploadButton>
                  {field.value ? (
                    <Button size="small" onClick={() => field.onChange('')}>
                      {t('admin.users.avatarRemove')}
                    </Button>
                  ) : null}
                </Box>
              )}
            />
            <Controller
              control={control}
              name="companyId"
              render={({ field }) => (
                <TextField
                  select
                  label={t('admin.users.company')}
                  value={field.value ?? ''}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? null : Number(event.target.value))
                  }
                  onBlur={field.onBlur}
                  error={Boolean(fieldError('companyId'))}
                  helperText={fieldError('companyId')}
                  fullWidth
                >
                  <MenuItem value="">
                    <em>{t('admin.users.noCompany')}</em>
                  </MenuItem>
                  {companies.map((company) => (
                    <MenuItem key={company.id} value={company.id}>
                      {company.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="groupIds"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={groups}
                  getOptionLabel={(option) => option.name}
                  value={groups.filter((group) => (field.value ?? []).includes(group.id))}
                  onChange={(_, value) => field.onChange(value.map((group) => group.id))}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('admin.users.groups')}
                      error={Boolean(fieldError('groupIds'))}
                      helperText={fieldError('groupIds')}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="timesheetType"
              render={({ field }) => (
                <TextField
                  select
                  label={t('admin.users.timesheetType')}
                  {...field}
                  value={field.value ?? '0'}
                >
                  {timesheetOptions.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.text}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="autoTimesheetType"
              render={({ field }) => (
                <TextField
                  select
                  label={t('admin.users.autoTimesheetType')}
                  {...field}
                  value={field.value ?? '0'}
                >
                  {autoOptions.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.text}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormGroup sx={{ gridColumn: '1 / -1' }} aria-label={t('admin.users.permissions')}>
              {(
                [
                  ['active', 'admin.users.active'],
                  ['isAdministrator', 'admin.users.isAdministrator'],
                  ['hasPanelAdminPermission', 'admin.users.hasPanelAdminPermission'],
                  ['hasChangePasswordPermission', 'admin.users.hasChangePasswordPermission'],
                ] as const
              ).map(([name, label]) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={Boolean(field.value)}
                          onChange={(event) => field.onChange(event.target.checked)}
                        />
                      }
                      label={t(label)}
                    />
                  )}
                />
              ))}
            </FormGroup>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
                {t('admin.users.workPeriods')}
              </Typography>
              {periods.fields.map((period, index) => (
                <Box
                  key={period.id}
                  sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}
                  data-testid={`work-period-${index}`}
                >
                  <Controller
                    control={control}
                    name={`calendar.workPeriods.${index}.weekday`}
                    render={({ field }) => (
                      <TextField
                        select
                        size="small"
                        label={t('admin.users.weekday')}
                        value={field.value ?? 1}
                        onChange={(event) => field.onChange(Number(event.target.value))}
                        sx={{ minWidth: 160 }}
                      >
                        {WEEKDAYS.map((day) => (
                          <MenuItem key={day} value={day}>
                            {t(`admin.weekdays.${day}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  {(['start', 'end'] as const).map((part) => (
                    <TextField
                      key={part}
                      size="small"
                      type="time"
                      label={t(`admin.users.${part}`)}
                      {...register(`calendar.workPeriods.${index}.${part}`)}
                      error={Boolean(fieldError(`calendar.workPeriods.${index}.${part}`))}
                      helperText={fieldError(`calendar.workPeriods.${index}.${part}`)}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                    />
                  ))}
                  <IconButton
                    aria-label={t('admin.users.removePeriod', { index: index + 1 })}
                    onClick={() => periods.remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => periods.append({ weekday: 1, start: '08:00', end: '17:00' } as never)}
              >
                {t('admin.users.addPeriod')}
              </Button>
            </Box>
            <Grid container spacing={2} sx={{ gridColumn: '1 / -1', '&:empty': { display: 'none' } }}>
              <AdditionalFieldsSection control={control} entity="user" />
            </Grid>
            {userId !== 0 && (
              <FormGroup sx={{ gridColumn: '1 / -1' }}>
                <Typography component="h3" variant="subtitle1">
                  {t('admin.users.actions')}
                </Typography>
                {(
                  [
                    ['forcePasswordReset', 'admin.users.forcePasswordReset'],
                    ['endSessions', 'admin.users.endSessions'],
                  ] as const
                ).map(([name, label]) => (
                  <Controller
                    key={name}
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={Boolean(field.value)}
                            onChange={(event) => field.onChange(event.target.checked)}
                          />
                        }
                        label={t(label)}
                      />
                    )}
                  />
                ))}
              </FormGroup>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={!record.data || save.isPending || Boolean(conflict)}
        >
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
