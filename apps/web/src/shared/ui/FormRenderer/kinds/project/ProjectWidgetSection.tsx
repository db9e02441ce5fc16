import type { FormComponent } from '@der/contracts';
import { Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../../FormRendererContext.ts';
import { modeShowsItemData } from '../../formModes.ts';
import type { FormProjectServices } from '../../formRendererTypes.ts';
import { RelatedDataSection } from '../RelatedDataSection.tsx';
import { WidgetFrame } from '../WidgetFrame.tsx';

/** What a project widget draws once there is an item or a project to ask about. */
export interface ProjectWidgetContext {
  project: FormProjectServices;
  /** The id of the section's heading, to name the tables inside it. */
  titleId: string;
}

/**
 * The frame of a project widget: a region titled by the component's label (else its kind's name), nothing on
 * bulk and filter forms, "save the item first" when there is neither a saved item nor a project to ask
 * about. Without the server's project calls (a preview) it falls back to the plain related-data list.
 */
export function ProjectWidgetSection({
  component,
  children,
}: {
  component: FormComponent;
  children: (context: ProjectWidgetContext) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { itemId, mode, services } = useFormRenderer();
  if (!services.project && itemId !== null) return <RelatedDataSection component={component} />;
  if (!modeShowsItemData(mode)) return null;
  return (
    <WidgetFrame component={component} titleId={titleId} gutterBottom>
      {services.project ? (
        children({ project: services.project, titleId })
      ) : (
        <Typography color="text.secondary">{t('form.related.saveFirst')}</Typography>
      )}
    </WidgetFrame>
  );
}

/** Said when the item belongs to no project. */
export function NoProject() {
  const { t } = useTranslation();
  return <Typography color="text.secondary">{t('form.project.noProject')}</Typography>;
}
