import type { Language } from '@der/contracts';
import { Button, ButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../app/i18n.ts';
import { normalizeLanguage } from '../../app/storedLanguage.ts';

const OPTIONS: { language: Language; labelKey: 'language.pt' | 'language.en'; nameKey: string }[] = [
  { language: 'pt-BR', labelKey: 'language.pt', nameKey: 'language.ptName' },
  { language: 'en', labelKey: 'language.en', nameKey: 'language.enName' },
];

/** The PT / EN buttons of spec §2.2, shown when the settings enable multi-language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.language);
  return (
    <ButtonGroup size="small" role="group" aria-label={t('language.label')}>
      {OPTIONS.map((option) => (
        <Button
          key={option.language}
          lang={option.language}
          title={t(option.nameKey)}
          aria-pressed={current === option.language}
          variant={current === option.language ? 'contained' : 'outlined'}
          onClick={() => chooseLanguage(i18n, option.language)}
        >
          {t(option.labelKey)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
