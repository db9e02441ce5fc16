import { LANGUAGES, LAYOUTS, PALETTE_NAMES, type PlatformSettings } from '@der/contracts';
import { Box, Button, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../app/SettingsContext.ts';
import { FileUploadButton } from '../../../shared/ui/FileUploadButton.tsx';
import { readFileAsDataUrl } from '../shared/readFileAsDataUrl.ts';
import { useNotify } from '../shared/useNotify.ts';
import { grid, Section } from './SettingsSection.tsx';
import { useSavePlatformSettings } from './settingsQueries.ts';

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

/** Platform settings of spec §1, applied without a restart: the saved settings replace the loaded ones. */
export function PlatformForm() {
  const { t } = useTranslation();
  const current = useSettings();
  const notify = useNotify();
  const [draft, setDraft] = useState<PlatformSettings>(current);
  const set = <K extends keyof PlatformSettings>(key: K, value: PlatformSettings[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const save = useSavePlatformSettings({
    onSuccess: () => notify.success(t('admin.settings.saved')),
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
