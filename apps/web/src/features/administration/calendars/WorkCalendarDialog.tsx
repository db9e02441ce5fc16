import { type SaveWorkCalendarBody, SaveWorkCalendarBodySchema } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, FormControlLabel, Switch, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { FormTextField } from '../../accounts/RegistrationFields.tsx';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import { AdminFormDialog } from '../shared/AdminFormDialog.tsx';
import type { AdminEditorProps } from '../shared/AdminListPage.tsx';
import { useShowSaveRefusal } from '../shared/useShowSaveRefusal.ts';
import { HolidaysField } from './HolidaysField.tsx';
import { NationalHolidaysList } from './NationalHolidaysList.tsx';
import { WeekPeriodsField } from './WeekPeriodsField.tsx';
import {
  toWorkCalendarForm,
  type WorkCalendarForm,
  type WorkCalendarFormOutput,
  workCalendarServerPaths,
} from './workCalendarForm.ts';
import { useSaveWorkCalendar, useWorkCalendar } from './workCalendarQueries.ts';

/** Brazil's zones first (the ones a calendar here is likely to use), then every zone the browser knows. */
const BRAZIL_ZONES = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
];

function timeZoneOptions(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...BRAZIL_ZONES, ...known.filter((zone) => !BRAZIL_ZONES.includes(zone))];
}

/** Create (id 0) or change a working calendar: name, time zone, national holidays, the week, own holidays. */
export function WorkCalendarDialog({ id: calendarId, onClose, onSaved }: AdminEditorProps) {
  const { t } = useTranslation();
  const showRefusal = useShowSaveRefusal();
  const query = useWorkCalendar(calendarId);
  const zones = useMemo(timeZoneOptions, []);
  const form = useForm<WorkCalendarForm, unknown, WorkCalendarFormOutput>({
    resolver: zodResolver(SaveWorkCalendarBodySchema),
    mode: 'onTouched',
    defaultValues: toWorkCalendarForm(calendarId, undefined),
  });
  const { control, reset, setError, handleSubmit, getValues } = form;
  const nationalHolidays = useWatch({ control, name: 'nationalHolidays' }) ?? true;
  const [formError, setFormError] = useState<string | null>(null);
  const loading = calendarId > 0 && query.isPending;

  useEffect(() => {
    if (calendarId === 0 || query.data) reset(toWorkCalendarForm(calendarId, query.data));
  }, [calendarId, query.data, reset]);

  const save = useSaveWorkCalendar({
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setFormError(getErrorMessage(error));
        return;
      }
      showRefusal(error, setError as never, workCalendarServerPaths(getValues()));
    },
  });
  const submit = (body: SaveWorkCalendarBody) => save.mutate(body);

  return (
    <AdminFormDialog
      title={calendarId ? t('admin.calendars.editTitle') : t('admin.calendars.newTitle')}
      maxWidth="md"
      notice={
        formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )
      }
      loadError={query.error}
      loading={loading}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
      saveDisabled={loading || save.isPending}
    >
      <FormTextField control={control} name="name" label={t('admin.calendars.name')} required />
      <Controller
        control={control}
        name="timeZone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={zones}
            value={field.value ?? null}
            onChange={(_event, value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            autoHighlight
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={t('admin.calendars.timeZone')}
                required
                error={Boolean(fieldState.error)}
                helperText={translateFieldError(t, fieldState.error?.message)}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="nationalHolidays"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={t('admin.calendars.nationalHolidaysSwitch')}
          />
        )}
      />
      <WeekPeriodsField control={control} />
      <HolidaysField control={control} />
      <NationalHolidaysList counted={nationalHolidays} />
    </AdminFormDialog>
  );
}
