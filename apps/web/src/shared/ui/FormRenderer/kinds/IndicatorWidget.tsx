import { assertNever, localize } from '@der/contracts';
import { Paper, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatPercent,
} from '../../../../features/runtime/format/formatNumber.ts';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { KindProps } from './kindProps.ts';

/** A number computed from the item's values by the rule engine's expression language, formatted by kind. */
export function IndicatorWidget({ component }: KindProps<'indicator'>) {
  const { t, i18n } = useTranslation();
  const { services } = useFormRenderer();
  const values = useWatch();
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
  let value: unknown = null;
  try {
    value = services.evaluateExpression?.(component.expression, values) ?? null;
  } catch {
    // An expression that fails for the current values shows no number rather than breaking the form.
    value = null;
  }
  const format = component.format;
  const text = (() => {
    switch (format) {
      case 'number':
        return formatDecimal(value, language);
      case 'currency':
        return formatCurrency(value);
      case 'percent':
        return formatPercent(value, language);
      case 'duration':
        return formatDuration(value, language);
      default:
        return assertNever(format);
    }
  })();
  const label = component.label ? localize(component.label, i18n.language) : t('form.kinds.indicator');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label={label}>
      <Typography variant="caption">{label}</Typography>
      <Typography variant="h5">{text || '—'}</Typography>
    </Paper>
  );
}
