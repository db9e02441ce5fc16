import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../format/formatDateTime.ts';
import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList } from './linked/LinkedRowsList.tsx';
import { useTimelineEntries } from './useTimelineEntries.ts';

function TimelineEntries({ component, context }: KindProps<'timeline'> & { context: LinkedDataContext }) {
  const { t, i18n } = useTranslation();
  const { links, itemId, titleId } = context;
  const entries = useTimelineEntries(links, itemId, component.componentId);
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
  return (
    <LinkedQueryState query={entries}>
      {(rows) => (
        // The server answers them oldest first, undated ones last: the list keeps that order.
        <LinkedRowsList
          entries={rows}
          labelledBy={titleId}
          ordered
          secondary={(entry) =>
            entry.date ? formatDateTime(entry.date, 0, language) : t('form.links.noDate')
          }
        />
      )}
    </LinkedQueryState>
  );
}

/** The timeline component of spec §3: the item's child items of a component, ordered by their date. */
export function TimelineWidget({ component }: KindProps<'timeline'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <TimelineEntries component={component} context={context} />}
    </LinkedDataSection>
  );
}
