import type { FormComponent } from '@der/contracts';
import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../format/formatDateTime.ts';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import { useRelatedRows } from './useRelatedRows.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

/**
 * The item's linked data of one related-data component (links, child items, many-to-many, time line,
 * notifications, project parts, grids): a titled list loaded for the saved item. A new item has none yet.
 */
export function RelatedDataSection({ component }: { component: FormComponent }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { itemId, mode, services } = useFormRenderer();
  const rows = useRelatedRows(services, itemId, component);
  if (!modeShowsItemData(mode)) return null;
  return (
    <WidgetFrame component={component} titleId={titleId}>
      {itemId === null ? (
        <Typography color="text.secondary">{t('form.related.saveFirst')}</Typography>
      ) : rows.isError ? (
        <Alert severity="error">{t('form.related.loadFailed')}</Alert>
      ) : rows.data && rows.data.length === 0 ? (
        <Typography color="text.secondary">{t('form.related.empty')}</Typography>
      ) : (
        <List dense aria-labelledby={titleId}>
          {(rows.data ?? []).map((row) => (
            <ListItem key={row.id}>
              <ListItemText
                primary={`${row.formattedId} — ${row.title}`}
                secondary={
                  row.date ? formatDateTime(row.date, 0, i18n.language === 'en' ? 'en' : 'pt-BR') : undefined
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </WidgetFrame>
  );
}
