import type { LocalizedText } from '@der/contracts';
import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A text in both languages of the product, one input each (the schema asks for both). */
export function LocalizedTextInputs({
  label,
  value,
  onChange,
  helperText,
  multiline = false,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  helperText?: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      {(['pt-BR', 'en'] as const).map((language) => (
        <TextField
          key={language}
          size="small"
          fullWidth
          multiline={multiline}
          maxRows={6}
          label={t(language === 'en' ? 'admin.printLayouts.textEn' : 'admin.printLayouts.textPt', { label })}
          value={value[language]}
          onChange={(event) => onChange({ ...value, [language]: event.target.value })}
          error={value[language].trim() === ''}
          helperText={language === 'en' ? helperText : undefined}
        />
      ))}
    </Stack>
  );
}
