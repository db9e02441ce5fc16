import {
  adminSettingsRoutes,
  adminTermsRoutes,
  LANGUAGES,
  LAYOUTS,
  PALETTE_NAMES,
  type PlatformSettings,
  type SecuritySettingsUpdate,
} from '@der/contracts';
import {
  Box,
  Button,
  Divider,
  FormControlLabel,
  MenuItem,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { useSettings } from '../../../app/SettingsContext.ts';
import { PLATFORM_SETTINGS_QUERY_KEY } from '../../../app/SettingsGate.tsx';
import { FileUploadButton } from '../../../shared/ui/FileUploadButton.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { readFileAsDataUrl } from '../shared/readFileAsDataUrl.ts';
import { useNotify } from '../shared/useNotify.ts';

const IMAGE_FIELDS = [
  'logo',
  'loginLogo',
  'logoWhite',
  'bg',
  'bgLogin',
  'footerLogoLeft',
  'footerLogoRight',
] as const;
const FLAG_FIELDS = [
  'showFooter',
  'enableRecaptcha',
  'requireTermsOfUse',
  'enableMultiLanguage',
  'enableBPMComponent',
  'maintenance',
] as const;
const SHADES = ['light', 'main', 'dark'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** Platform settings of spec §1, applied without a restart: the saved settings replace the loaded ones. */
function PlatformForm() {
  const { t } = useTranslation();
  const current = useSettings();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PlatformSettings>(current);
  const set = <K extends keyof PlatformSettings>(key: K, value: PlatformSettings[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const save = useMutation({
    mutationFn: (body: PlatformSettings) => apiCall(adminSettingsRoutes.savePlatformSettings, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PLATFORM_SETTINGS_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: PLATFORM_SETTINGS_QUERY_KEY });
      notify.success(t('admin.settings.saved'));
    },
    onError: notify.error,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <Section title={t('admin.settings.look')}>
        <Box sx={grid}>
          <TextField
            label={t('admin.settings.brand')}
            value={draft.brand}
            required
            onChange={(event) => set('brand', event.target.value)}
          />
          <TextField
            label={t('admin.settings.font')}
            value={draft.font}
            onChange={(e) => set('font', e.target.value)}
          />
          <TextField
            select
            label={t('admin.settings.theme')}
            value={draft.theme}
            onChange={(event) => set('theme', event.target.value as PlatformSettings['theme'])}
          >
            {PALETTE_NAMES.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`palettes.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('admin.settings.layout')}
            value={draft.layout}
            onChange={(event) => set('layout', event.target.value as PlatformSettings['layout'])}
          >
            {LAYOUTS.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`admin.settings.layouts.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('admin.settings.defaultLanguage')}
            value={draft.defaultLanguage}
            onChange={(event) =>
              set('defaultLanguage', event.target.value as PlatformSettings['defaultLanguage'])
            }
          >
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language}>
                {language}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('admin.settings.recaptchaSiteKey')}
            value={draft.recaptchaSiteKey}
            onChange={(event) => set('recaptchaSiteKey', event.target.value)}
          />
        </Box>
      </Section>
      <Section title={t('admin.settings.colours')}>
        <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {(['primaryColor', 'secondaryColor'] as const).flatMap((key) =>
            SHADES.map((shade) => (
              <TextField
                key={`${key}-${shade}`}
                type="color"
                label={t(`admin.settings.${key}`, { shade: t(`admin.settings.shades.${shade}`) })}
                value={draft[key][shade]}
                onChange={(event) => set(key, { ...draft[key], [shade]: event.target.value.toUpperCase() })}
              />
            )),
          )}
        </Box>
      </Section>
      <Section title={t('admin.settings.images')}>
        <Box sx={grid}>
          {IMAGE_FIELDS.map((key) => (
            <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <TextField
                label={t(`admin.settings.imageFields.${key}`)}
                value={draft[key].startsWith('data:') ? t('admin.settings.uploadedImage') : draft[key]}
                onChange={(event) => set(key, event.target.value)}
                sx={{ flex: 1 }}
                size="small"
              />
              {draft[key] ? (
                <Box component="img" src={draft[key]} alt="" sx={{ height: 32, maxWidth: 64 }} />
              ) : null}
              <FileUploadButton
                size="small"
                variant="outlined"
                accept="image/*"
                aria-label={t('admin.settings.uploadOf', { field: t(`admin.settings.imageFields.${key}`) })}
                onFile={async (file) => set(key, await readFileAsDataUrl(file))}
              >
                {t('admin.settings.upload')}
              </FileUploadButton>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={t('admin.settings.behaviour')}>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {FLAG_FIELDS.map((key) => (
            <FormControlLabel
              key={key}
              control={<Switch checked={draft[key]} onChange={(event) => set(key, event.target.checked)} />}
              label={t(`admin.settings.flags.${key}`)}
            />
          ))}
        </Box>
      </Section>
      <Button type="submit" variant="contained" disabled={save.isPending}>
        {t('admin.settings.savePlatform')}
      </Button>
    </Box>
  );
}

function SecurityForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'securitySettings'],
    queryFn: ({ signal }) => apiCall(adminSettingsRoutes.getSecuritySettings, { signal }),
    retry: false,
  });
  const [draft, setDraft] = useState<SecuritySettingsUpdate>({});
  const [secret, setSecret] = useState('');
  useEffect(() => {
    if (!query.data) return;
    const { hasRecaptchaSecret: _, ...rest } = query.data;
    setDraft(rest);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: SecuritySettingsUpdate) => apiCall(adminSettingsRoutes.saveSecuritySettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'securitySettings'], saved);
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

function TermsSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'terms'],
    queryFn: ({ signal }) => apiCall(adminTermsRoutes.list, { signal }),
    retry: false,
  });
  const publish = useMutation({
    mutationFn: async (file: File) =>
      apiCall(adminTermsRoutes.publish, {
        body: { fileName: file.name, contentBase64: await readFileAsDataUrl(file) },
      }),
    onSuccess: (version) => {
      notify.success(t('admin.settings.termsPublished', { version: version.version }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'terms'] });
    },
    onError: notify.error,
  });
  return (
    <>
      <FileUploadButton
        variant="outlined"
        disabled={publish.isPending}
        sx={{ mb: 2 }}
        accept="application/pdf"
        onFile={(file) => publish.mutate(file)}
      >
        {t('admin.settings.publishTerms')}
      </FileUploadButton>
      <Table size="small" aria-label={t('admin.settings.termsVersions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.settings.termsVersion')}</TableCell>
            <TableCell>{t('admin.settings.termsFile')}</TableCell>
            <TableCell>{t('admin.settings.termsPublishedAt')}</TableCell>
            <TableCell>{t('admin.settings.termsAcceptances')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(query.data ?? []).length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{t('admin.table.empty')}</TableCell>
            </TableRow>
          ) : (
            (query.data ?? []).map((version) => (
              <TableRow key={version.version} selected={version.current}>
                <TableCell>
                  {version.version}
                  {version.current ? ` (${t('admin.settings.termsCurrent')})` : ''}
                </TableCell>
                <TableCell>{version.fileName}</TableCell>
                <TableCell>{new Date(version.publishedAt).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{version.acceptances}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}

/** The platform settings editor: look and behaviour (spec §1), security settings and terms of use. */
export function PlatformSettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.settings.title')}>
      <PlatformForm />
      <Divider sx={{ my: 3 }} />
      <Section title={t('admin.settings.security')}>
        <SecurityForm />
      </Section>
      <Divider sx={{ my: 3 }} />
      <Section title={t('admin.settings.terms')}>
        <TermsSection />
      </Section>
    </AdminPage>
  );
}
