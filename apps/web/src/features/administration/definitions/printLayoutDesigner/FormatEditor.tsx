import type { PrintFormat } from '@der/contracts';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NumberInput } from './NumberInput.tsx';
import { DATE_FORMAT_TYPES, FORMAT_KINDS, formatOfKind, isFormatKind } from './printBindings.ts';
import { SelectInput } from './SelectInput.tsx';

/** How a field's value is written: the kind, and the decimal digits or the date format when they apply. */
export function FormatEditor({
  format,
  onChange,
}: {
  format: PrintFormat;
  onChange: (format: PrintFormat) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <SelectInput
        label={t('admin.printLayouts.format')}
        value={format.kind}
        options={FORMAT_KINDS.map((kind) => ({
          value: kind,
          label: t(`admin.printLayouts.formats.${kind}`),
        }))}
        onChange={(kind) => isFormatKind(kind) && onChange(formatOfKind(kind))}
      />
      {format.kind === 'decimal' && (
        <NumberInput
          label={t('admin.printLayouts.digits')}
          value={format.digits}
          min={0}
          max={6}
          step={1}
          onChange={(digits) => onChange({ ...format, digits: Math.min(6, Math.max(0, Math.round(digits))) })}
        />
      )}
      {format.kind === 'date' && (
        <SelectInput
          label={t('admin.printLayouts.dateFormat')}
          value={String(format.dateFormatType)}
          options={DATE_FORMAT_TYPES.map((type) => ({
            value: String(type),
            label: t(`admin.printLayouts.dateFormats.${type}`),
          }))}
          onChange={(value) => {
            const dateFormatType = DATE_FORMAT_TYPES.find((type) => String(type) === value);
            if (dateFormatType !== undefined) onChange({ ...format, dateFormatType });
          }}
        />
      )}
    </Stack>
  );
}
