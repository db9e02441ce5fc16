import { Alert, AlertTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/formatDateTime.ts';
import { AttributeChangesTable } from '../../../shared/ui/FormRenderer/AttributeChangesTable.tsx';
import { useChangesSinceCorrection } from './useChangesSinceCorrection.ts';

/**
 * Issue 20: at the top of an item's form, what the creator changed since the last request for correction —
 * the reason asked, who asked and when, then each field before and after (getChangesSinceCorrection). For
 * department staff only, as the server says (`readerIsStaff`): the requerente knows what they corrected.
 * Nothing while loading, when the item never had a correction, or when the answer fails: the panel adds to
 * the form, and a failure to load it must not stand between the analyst and the item.
 */
export function ChangesSinceCorrectionPanel({ itemId, version }: { itemId: number; version: number }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const answer = useChangesSinceCorrection(itemId, version);
  const result = answer.data;
  if (!result?.correction || !result.readerIsStaff) return null;
  const { correction, changes } = result;
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
  const title = t('workflow.correction.title');
  return (
    <Alert
      severity="info"
      component="section"
      // Information the analyst reads, not an alert to announce: a named region.
      role="region"
      aria-labelledby={titleId}
      sx={{ '& .MuiAlert-message': { width: 1 } }}
    >
      <AlertTitle id={titleId} component="h2">
        {title}
      </AlertTitle>
      <Typography variant="body2">
        {t('workflow.correction.requested', {
          name: correction.requestedBy?.name ?? t('workflow.correction.someone'),
          date: formatDateTime(correction.requestedAt, 0, language),
        })}
      </Typography>
      {correction.reason !== null && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('workflow.correction.reason', { reason: correction.reason })}
        </Typography>
      )}
      {changes.length === 0 ? (
        <Typography variant="body2">{t('workflow.correction.noChanges')}</Typography>
      ) : (
        <AttributeChangesTable label={title} changes={changes} />
      )}
    </Alert>
  );
}
