import { assertNever, evaluateRuleExpression, localize } from '@der/contracts';
import { Paper, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatPercent,
} from '../../../../features/runtime/format/formatNumber.ts';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { FormValues } from '../formRendererTypes.ts';
import { useDebounced } from '../useDebounced.ts';
import type { KindProps } from './kindProps.ts';

/** The rule engine's expression language (JSONata, evaluated asynchronously), the same one the server runs. */
const evaluateWithRuleEngine = (expression: string, values: FormValues) =>
  evaluateRuleExpression(expression, values);

/** A number computed from the item's values by the rule engine's expression language, formatted by kind. */
export function IndicatorWidget({ component }: KindProps<'indicator'>) {
  const { t, i18n } = useTranslation();
  const { services } = useFormRenderer();
  const values = useWatch();
  // Recomputed once the user pauses typing, not on every key.
  const settled = useDebounced(JSON.stringify(values ?? {}));
  const evaluate = services.evaluateExpression ?? evaluateWithRuleEngine;
  const result = useQuery({
    queryKey: ['form-indicator', component.expression, settled],
    queryFn: async () => {
      try {
        return (await evaluate(component.expression, JSON.parse(settled) as FormValues)) ?? null;
      } catch {
        // An expression that fails for the current values shows no number rather than breaking the form.
        return null;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const value = result.data ?? null;
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
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
