import { Alert, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedRowsList } from './linked/LinkedRowsList.tsx';
import { useDataGridPage } from './useDataGridPage.ts';

function QueryItems({ component, context }: KindProps<'dataGrid'> & { context: LinkedDataContext }) {
  const { t } = useTranslation();
  const { links, itemId, titleId } = context;
  const { componentId, queryId, viewId } = component;
  const page = useDataGridPage(links, itemId, componentId, queryId, viewId);
  if (page.isError) return <Alert severity="error">{t('form.related.loadFailed')}</Alert>;
  if (!page.data) return <Typography color="text.secondary">{t('form.loading')}</Typography>;
  const { rows, total, capped } = page.data;
  if (rows.length === 0) return <Typography color="text.secondary">{t('form.related.empty')}</Typography>;
  return (
    <>
      <LinkedRowsList entries={rows.map((row) => ({ row }))} labelledBy={titleId} />
      {(capped || total > rows.length) && (
        <Typography variant="body2" color="text.secondary">
          {t('form.links.gridMore', { shown: rows.length, total: capped ? `${total}+` : total })}
        </Typography>
      )}
    </>
  );
}

/** The dataGrid component of spec §3: the first items of a saved query of a component, each opening its form. */
export function DataGridWidget({ component }: KindProps<'dataGrid'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <QueryItems component={component} context={context} />}
    </LinkedDataSection>
  );
}
