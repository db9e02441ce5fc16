import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Alert, Box, IconButton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeIsEditable } from '../formModes.ts';
import type { ItemRelationServices, PredecessorRow } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { ItemSearchBox } from './linked/ItemSearchBox.tsx';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList, linkedRowLabel } from './linked/LinkedRowsList.tsx';
import { RelatedDataSection } from './RelatedDataSection.tsx';
import { usePredecessors } from './usePredecessors.ts';

/** The predecessor's status: its workflow colour as a dot (the name says it too), and whether it is done. */
function StatusLine({ entry }: { entry: PredecessorRow }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {entry.statusColor && (
        <Box
          component="span"
          aria-hidden
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: entry.statusColor, flexShrink: 0 }}
        />
      )}
      {entry.statusName ?? t('form.relations.noStatus')}
      {' · '}
      {entry.finished ? t('form.relations.finished') : t('form.relations.pending')}
    </Box>
  );
}

function Predecessors({
  context,
  relations,
}: {
  context: LinkedDataContext;
  relations: ItemRelationServices;
}) {
  const { t } = useTranslation();
  const { readOnly, mode } = useFormRenderer();
  const { itemId, titleId } = context;
  const { query, change } = usePredecessors(relations, itemId);
  const editable = !readOnly && modeIsEditable(mode);
  const ids = (query.data ?? []).map((entry) => entry.row.id);
  return (
    <Stack spacing={1}>
      <LinkedQueryState query={query}>
        {(rows) => (
          <LinkedRowsList
            entries={rows}
            labelledBy={titleId}
            secondary={(entry) => <StatusLine entry={entry} />}
            action={
              editable
                ? (entry) => (
                    <IconButton
                      edge="end"
                      size="small"
                      disabled={change.isPending}
                      aria-label={t('form.relations.removePredecessor', { item: linkedRowLabel(entry.row) })}
                      onClick={() => change.mutate(ids.filter((id) => id !== entry.row.id))}
                    >
                      <RemoveCircleOutlineIcon fontSize="small" />
                    </IconButton>
                  )
                : undefined
            }
          />
        )}
      </LinkedQueryState>
      {change.error && (
        <Alert severity="error">{change.error.message || t('form.relations.changeFailed')}</Alert>
      )}
      {editable && query.data && (
        <ItemSearchBox
          queryKey={['form-links', itemId, 'relationChoices', 'predecessor']}
          search={(text) => relations.searchLinkable('predecessor', text)}
          itemId={itemId}
          noChoicesText={t('form.relations.noChoices')}
          label={t('form.relations.addPredecessor')}
          excluded={new Set(ids)}
          disabled={change.isPending}
          onPick={(choice) => change.mutate([...ids, choice.id])}
        />
      )}
    </Stack>
  );
}

/**
 * The predecessorActivities component of spec §3: the items of the same project that must finish before this
 * one, each with its status; the user adds one through a search limited to the project, and removes one. The
 * server refuses cycles and other projects and says why.
 */
export function PredecessorActivitiesWidget({ component }: KindProps<'predecessorActivities'>) {
  const { services } = useFormRenderer();
  const relations = services.links?.relations;
  if (!relations) return <RelatedDataSection component={component} />;
  return (
    <LinkedDataSection component={component}>
      {(context) => <Predecessors context={context} relations={relations} />}
    </LinkedDataSection>
  );
}
