import type { SecuritySettingsUpdate } from '@der/contracts';
import { Box, Button, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../shared/useNotify.ts';
import { grid } from './SettingsSection.tsx';
import { useSaveSecuritySettings, useSecuritySettings } from './settingsQueries.ts';

/** The sign-in security settings; the reCAPTCHA secret is write-only. */

export function SecurityForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useSecuritySettings();
  const [draft, setDraft] = useState<SecuritySettingsUpdate>({});
  const [secret, setSecret] = useState('');
  useEffect(() => {
    if (!query.data) return;
    const { hasRecaptchaSecret: _, ...rest } = query.data;
    setDraft(rest);
  }, [query.data]);
  const save = useSaveSecuritySettings({
    onSuccess: () => {
      setSecret('');
      notify.success(t('admin.settings.saved'));
    },
    onError: notify.error,
  });
  if (!query.data) return <Typography>{query.error ? t('admin.loadError') : t('app.loading')}</Typography>;
  const number = (
    key: 'passwordMinLength' | 'sessionIdleMinutes' | 'sessionAbsoluteHours',
    label: string,
  ) => (
    <TextField
      type="number"
      label={label}
      value={draft[key] ?? ''}
      onChange={(event) => setDraft({ ...draft, [key]: Number(event.target.value) })}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(secret ? { ...draft, recaptchaSecret: secret } : draft);
      }}
    >
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(draft.platformMfaEnabled)}
            onChange={(event) => setDraft({ ...draft, platformMfaEnabled: event.target.checked })}
          />
        }
        label={t('admin.settings.platformMfa')}
      />
      <Box sx={{ ...grid, my: 2 }}>
        {number('passwordMinLength', t('admin.settings.passwordMinLength'))}
        <TextField
          type="number"
          label={t('admin.settings.passwordMaxAgeDays')}
          helperText={t('admin.settings.passwordMaxAgeHelp')}
          value={draft.passwordMaxAgeDays ?? ''}
          onChange={(event) =>
            setDraft({
              ...draft,
              passwordMaxAgeDays: event.target.value === '' ? null : Number(event.target.value),
            })
          }
        />
        {number('sessionIdleMinutes', t('admin.settings.sessionIdleMinutes'))}
        {number('sessionAbsoluteHours', t('admin.settings.sessionAbsoluteHours'))}
        <TextField
          label={t('admin.settings.recaptchaVerifyUrl')}
          value={draft.recaptchaVerifyUrl ?? ''}
          onChange={(event) => setDraft({ ...draft, recaptchaVerifyUrl: event.target.value })}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('admin.settings.recaptchaSecret')}
          helperText={
            query.data.hasRecaptchaSecret
              ? t('admin.settings.secretStored')
              : t('admin.settings.secretNotStored')
          }
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      </Box>
      <Button type="submit" variant="contained" disabled={save.isPending}>
        {t('admin.settings.saveSecurity')}
      </Button>
    </Box>
  );
}
