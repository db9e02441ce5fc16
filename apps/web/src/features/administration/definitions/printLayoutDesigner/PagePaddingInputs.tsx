import type { PrintLayout } from '@der/contracts';
import { FormControl, FormLabel, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NumberInput } from './NumberInput.tsx';
import { type Padding, setPadding } from './printLayoutDesign.ts';

/** In pdfme's order: top, right, bottom, left. */
const SIDES = ['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'] as const;

/** The page's padding: where fields may go, and where a long table breaks onto the next page. */
export function PagePaddingInputs({
  layout,
  onChange,
}: {
  layout: PrintLayout;
  onChange: (layout: PrintLayout) => void;
}) {
  const { t } = useTranslation();
  const padding = layout.template.basePdf.padding;
  const handleChange = (side: number, value: number) => {
    const next: Padding = [...padding];
    next[side] = Math.max(0, value);
    onChange(setPadding(layout, next));
  };
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('admin.printLayouts.padding')}</FormLabel>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
        {SIDES.map((side, index) => (
          <NumberInput
            key={side}
            label={t(`admin.printLayouts.${side}`)}
            value={padding[index] ?? 0}
            min={0}
            onChange={(value) => handleChange(index, value)}
          />
        ))}
      </Stack>
    </FormControl>
  );
}
