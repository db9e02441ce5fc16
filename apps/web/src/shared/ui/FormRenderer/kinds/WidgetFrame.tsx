import type { FormComponent } from '@der/contracts';
import { localize } from '@der/contracts';
import { Alert, Paper, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The region of a data widget (linked data, project parts): titled by the component's label, else its kind's name. */
export function WidgetFrame({
  component,
  titleId,
  gutterBottom = false,
  children,
}: {
  component: FormComponent;
  /** The heading's id: it names the region and the lists or tables inside it. */
  titleId: string;
  gutterBottom?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const title = component.label
    ? localize(component.label, i18n.language)
    : t(`form.kinds.${component.type}`);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="subtitle1" gutterBottom={gutterBottom}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The loading and failure states of a widget's query (and, with `isEmpty`, its empty state); `children` gets the
 * data once loaded.
 */
export function QueryState<T>({
  query,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <Alert severity="error">{t('form.related.loadFailed')}</Alert>;
  if (query.data === undefined) return <Typography color="text.secondary">{t('form.loading')}</Typography>;
  if (isEmpty?.(query.data)) return <Typography color="text.secondary">{t('form.related.empty')}</Typography>;
  return children(query.data);
}
