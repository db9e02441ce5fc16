import { assertNever, evaluateRuleExpression, localize } from '@der/contracts';
import { Box, Paper, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatPercent,
} from '../../../format/formatNumber.ts';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { FormValues } from '../formRendererTypes.ts';
import { useDebounced } from '../useDebounced.ts';
import { indicatorMessages } from './indicatorMessages.ts';
import type { KindProps } from './kindProps.ts';
import { useIndicatorValue } from './useIndicatorValue.ts';

/** The rule engine's expression language (JSONata, evaluated asynchronously), the same one the server runs. */
const evaluateWithRuleEngine = (expression: string, values: FormValues) =>
  evaluateRuleExpression(expression, values);

/**
 * A value computed from the item's values by the rule engine's expression language: a number formatted by
 * kind, or a list of messages in the user's language (e.g. the limits a request exceeds, named live).
 */
export function IndicatorWidget({ component }: KindProps<'indicator'>) {
  const { t, i18n } = useTranslation();
  const { services } = useFormRenderer();
  const values = useWatch();
  // Recomputed once the user pauses typing, not on every key.
  const settled = useDebounced(JSON.stringify(values ?? {}));
  const evaluate = services.evaluateExpression ?? evaluateWithRuleEngine;
  const result = useIndicatorValue(component.expression, settled, evaluate);
  const value = result.data ?? null;
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
  const format = component.format;
  const label = component.label ? localize(component.label, i18n.language) : t('form.kinds.indicator');
  if (format === 'messages') {
    const messages = indicatorMessages(value, i18n.language);
    return (
      <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label={label}>
        <Typography variant="caption">{label}</Typography>
        {messages.length === 0 ? (
          <Typography>
            {component.emptyText
              ? localize(component.emptyText, i18n.language)
              : t('form.kinds.indicatorNone')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {messages.map((message) => (
              <Typography component="li" key={message}>
                {message}
              </Typography>
            ))}
          </Box>
        )}
      </Paper>
    );
  }
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
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label={label}>
      <Typography variant="caption">{label}</Typography>
      <Typography variant="h5">{text || '—'}</Typography>
    </Paper>
  );
}
