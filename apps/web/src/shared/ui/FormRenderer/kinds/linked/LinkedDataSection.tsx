import type { FormComponent } from '@der/contracts';
import { Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../../FormRendererContext.ts';
import { modeShowsItemData } from '../../formModes.ts';
import type { FormLinkServices } from '../../formRendererTypes.ts';
import { RelatedDataSection } from '../RelatedDataSection.tsx';
import { WidgetFrame } from '../WidgetFrame.tsx';

/** What a linked-data widget draws once the item is saved and the server's link calls are there. */
export interface LinkedDataContext {
  links: FormLinkServices;
  itemId: number;
  /** The id of the section's heading, to name the lists inside it. */
  titleId: string;
}

/**
 * The frame of a linked-data widget: a region titled by the component's label (else its kind's name), the
 * "save the item first" notice on a new item, nothing on bulk and filter forms. Without the server's link
 * calls (a preview) it falls back to the plain related-data list.
 */
export function LinkedDataSection({
  component,
  children,
}: {
  component: FormComponent;
  children: (context: LinkedDataContext) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { itemId, mode, services } = useFormRenderer();
  if (!services.links) return <RelatedDataSection component={component} />;
  if (!modeShowsItemData(mode)) return null;
  return (
    <WidgetFrame component={component} titleId={titleId}>
      {itemId === null ? (
        <Typography color="text.secondary">{t('form.related.saveFirst')}</Typography>
      ) : (
        children({ links: services.links, itemId, titleId })
      )}
    </WidgetFrame>
  );
}
