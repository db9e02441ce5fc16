import {
  type FieldDefinition,
  type FormTab,
  type Language,
  localize,
  storageKindOf,
  tableRowsText,
} from '@der/contracts';
import { Box, Button, Stack, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { isEmptyValue } from '../validateFieldValue.ts';
import { fieldsIn } from './StepsContainer.tsx';

/** A value as the review lists it: option texts, Sim/Não, dates, a table's rows; references by count. */
export function reviewText(field: FieldDefinition, value: unknown, language: Language): string {
  const kind = storageKindOf(field);
  if (kind === 'rows') return tableRowsText(field, value, language);
  if (kind === 'boolean')
    return value === true ? (language === 'en' ? 'Yes' : 'Sim') : language === 'en' ? 'No' : 'Não';
  if (kind === 'instant' && typeof value === 'string')
    return dayjs(value).format(field.dateTimeFormatType === 0 ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY');
  if (field.type === 'PICKLIST') {
    const option = field.options.find((candidate) => candidate.value === value);
    if (option) return localize(option.text, language);
  }
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === 'number') return value.toLocaleString(language === 'en' ? 'en' : 'pt-BR');
  return typeof value === 'string' ? value.replace(/<[^>]*>/g, ' ').trim() : String(value);
}

/**
 * The review step of a guided form: each step's title and what was filled in it (label and value; '—' for
 * nothing yet), with a button back to the step to change it.
 */
export function StepsReview({
  steps,
  onEdit,
}: {
  steps: readonly FormTab[];
  onEdit: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'pt-BR';
  const { fieldsByKey, ruleState } = useFormRenderer();
  const values = useWatch() as Record<string, unknown>;
  return (
    <Stack spacing={2}>
      {steps.map((step, index) => {
        const title = localize(step.title, i18n.language);
        const fields = fieldsIn(step.children)
          .map((key) => fieldsByKey.get(key))
          .filter((field): field is FieldDefinition => !!field && !ruleState.hidden.has(field.key));
        if (fields.length === 0) return null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positions of the definition's list
          <Box key={index} component="section" aria-label={title}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3">
                {title}
              </Typography>
              <Button size="small" onClick={() => onEdit(index)}>
                {t('form.steps.edit', { title })}
              </Button>
            </Stack>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(12rem, 1fr) 2fr', gap: 0.5, m: 0 }}
            >
              {fields.map((field) => (
                <Box key={field.key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {localize(field.label, i18n.language)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {isEmptyValue(values[field.key]) ? '—' : reviewText(field, values[field.key], language)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
