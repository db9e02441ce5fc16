import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ColorInput } from './ColorInput.tsx';
import { setColor } from './printFieldProperties.ts';
import type { DesignField, FieldEditorProps } from './printLayoutDesign.ts';

type Shape = Extract<DesignField, { type: 'line' | 'rectangle' | 'image' }>;

/** What a line, a rectangle or an image holds besides its box: colours; an image's picture stays in the JSON. */
export function ShapeInputs({ layout, fieldRef, field, onChange }: FieldEditorProps<Shape>) {
  const { t } = useTranslation();
  if (field.type === 'image')
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.printLayouts.imageNote')}
      </Typography>
    );
  if (field.type === 'line')
    return (
      <ColorInput
        label={t('admin.printLayouts.color')}
        value={field.color}
        onChange={(value) => onChange(setColor(layout, fieldRef, 'color', value))}
      />
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <ColorInput
        label={t('admin.printLayouts.borderColor')}
        value={field.borderColor}
        optional
        onChange={(value) => onChange(setColor(layout, fieldRef, 'borderColor', value))}
      />
      <ColorInput
        label={t('admin.printLayouts.fillColor')}
        value={field.color}
        optional
        onChange={(value) => onChange(setColor(layout, fieldRef, 'color', value))}
      />
    </Stack>
  );
}
