import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemLinkRow } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList } from './linked/LinkedRowsList.tsx';

function DirectionList({ title, entries }: { title: string; entries: readonly ItemLinkRow[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box>
      <Typography id={headingId} component="h3" variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('form.related.empty')}</Typography>
      ) : (
        <LinkedRowsList entries={entries} labelledBy={headingId} />
      )}
    </Box>
  );
}

function BothDirections({ context }: { context: LinkedDataContext }) {
  const { t } = useTranslation();
  const { links, itemId } = context;
  const query = useQuery({
    queryKey: ['form-links', itemId, 'itemLinks'],
    queryFn: () => links.loadItemLinks(),
  });
  return (
    <LinkedQueryState query={query}>
      {(rows) => (
        <>
          <DirectionList
            title={t('form.links.outgoing')}
            entries={rows.filter((link) => link.direction === 'outgoing')}
          />
          <DirectionList
            title={t('form.links.incoming')}
            entries={rows.filter((link) => link.direction === 'incoming')}
          />
        </>
      )}
    </LinkedQueryState>
  );
}

/** The itemLinks component of spec §3: the item's free links, the ones it makes and the ones made to it. */
export function ItemLinksWidget({ component }: KindProps<'itemLinks'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <BothDirections context={context} />}
    </LinkedDataSection>
  );
}
