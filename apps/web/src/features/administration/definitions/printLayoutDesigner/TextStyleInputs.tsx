import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NumberInput } from './NumberInput.tsx';
import { setAlignment, setFontSize, TEXT_ALIGNMENTS } from './printFieldProperties.ts';
import type { FieldEditorProps } from './printLayoutDesign.ts';
import { SelectInput } from './SelectInput.tsx';

/** Font size (all text-like fields and tables) and alignment (text-like fields; tables align per column). */
export function TextStyleInputs({ layout, fieldRef, field, onChange }: FieldEditorProps) {
  const { t } = useTranslation();
  if (!('fontSize' in field)) return null;
  return (
    <Stack direction="row" spacing={1}>
      <NumberInput
        label={t('admin.printLayouts.fontSize')}
        value={field.fontSize}
        min={4}
        max={96}
        step={1}
        onChange={(fontSize) => onChange(setFontSize(layout, fieldRef, fontSize))}
      />
      {'alignment' in field && (
        <SelectInput
          label={t('admin.printLayouts.alignment')}
          value={field.alignment}
          options={TEXT_ALIGNMENTS.map((value) => ({
            value,
            label: t(`admin.printLayouts.alignments.${value}`),
          }))}
          onChange={(value) => {
            const alignment = TEXT_ALIGNMENTS.find((candidate) => candidate === value);
            if (alignment) onChange(setAlignment(layout, fieldRef, alignment));
          }}
        />
      )}
    </Stack>
  );
}
