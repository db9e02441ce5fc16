import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Box, IconButton, Stack, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeIsEditable } from '../formModes.ts';
import type { ItemLinkRow } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { ItemSearchBox } from './linked/ItemSearchBox.tsx';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList, linkedRowLabel } from './linked/LinkedRowsList.tsx';
import { useItemLinks } from './useItemLinks.ts';

function DirectionList({
  title,
  entries,
  action,
}: {
  title: string;
  entries: readonly ItemLinkRow[];
  action?: ((entry: ItemLinkRow) => ReactNode) | undefined;
}) {
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
        <LinkedRowsList entries={entries} labelledBy={headingId} action={action} />
      )}
    </Box>
  );
}

function BothDirections({ context }: { context: LinkedDataContext }) {
  const { t } = useTranslation();
  const { readOnly, mode } = useFormRenderer();
  const { links, itemId } = context;
  const relations = links.relations;
  const { query, change } = useItemLinks(links, itemId);
  const [removing, setRemoving] = useState<ItemLinkRow | null>(null);
  const editable = Boolean(relations) && !readOnly && modeIsEditable(mode);
  const action = editable
    ? (entry: ItemLinkRow) => (
        <IconButton
          edge="end"
          size="small"
          disabled={change.isPending}
          aria-label={t('form.relations.removeLink', { item: linkedRowLabel(entry.row) })}
          onClick={() => setRemoving(entry)}
        >
          <LinkOffIcon fontSize="small" />
        </IconButton>
      )
    : undefined;
  const rows = query.data ?? [];
  return (
    <Stack spacing={1}>
      <LinkedQueryState query={query}>
        {(loaded) => (
          <>
            <DirectionList
              title={t('form.links.outgoing')}
              entries={loaded.filter((link) => link.direction === 'outgoing')}
              action={action}
            />
            <DirectionList
              title={t('form.links.incoming')}
              entries={loaded.filter((link) => link.direction === 'incoming')}
              action={action}
            />
          </>
        )}
      </LinkedQueryState>
      {change.error && (
        <Alert severity="error">{change.error.message || t('form.relations.changeFailed')}</Alert>
      )}
      {editable && relations && query.data && (
        <ItemSearchBox
          queryKey={['form-links', itemId, 'relationChoices', 'link']}
          search={(text) => relations.searchLinkable('link', text)}
          itemId={itemId}
          noChoicesText={t('form.relations.noChoices')}
          label={t('form.relations.addLink')}
          excluded={new Set(rows.map((link) => link.row.id))}
          disabled={change.isPending}
          onPick={(choice) => change.mutate({ add: choice.id })}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('form.relations.removeLinkTitle')}
        text={removing ? t('form.relations.removeLinkText', { item: linkedRowLabel(removing.row) }) : ''}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) change.mutate({ remove: removing.linkId });
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

/**
 * The itemLinks component of spec §3: the item's free links, the ones it makes and the ones made to it; the
 * user links another item through a server-side search and removes a link after confirming.
 */
export function ItemLinksWidget({ component }: KindProps<'itemLinks'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <BothDirections context={context} />}
    </LinkedDataSection>
  );
}
