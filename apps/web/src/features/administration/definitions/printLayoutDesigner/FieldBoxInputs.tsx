import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NumberInput } from './NumberInput.tsx';
import { type FieldEditorProps, moveField, resizeField } from './printLayoutDesign.ts';

/** Where the field is and how big, in millimetres; kept on the page as they are typed. */
export function FieldBoxInputs({ layout, fieldRef, field, onChange }: FieldEditorProps) {
  const { t } = useTranslation();
  const { position, width, height } = field;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <NumberInput
        label={t('admin.printLayouts.x')}
        value={position.x}
        min={0}
        onChange={(x) => onChange(moveField(layout, fieldRef, { x, y: position.y }))}
      />
      <NumberInput
        label={t('admin.printLayouts.y')}
        value={position.y}
        min={0}
        onChange={(y) => onChange(moveField(layout, fieldRef, { x: position.x, y }))}
      />
      <NumberInput
        label={t('admin.printLayouts.width')}
        value={width}
        min={0.1}
        onChange={(next) => onChange(resizeField(layout, fieldRef, { width: next, height }))}
      />
      <NumberInput
        label={t('admin.printLayouts.height')}
        value={height}
        min={0.1}
        onChange={(next) => onChange(resizeField(layout, fieldRef, { width, height: next }))}
      />
    </Stack>
  );
}
