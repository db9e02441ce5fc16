import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, IconButton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeIsEditable } from '../formModes.ts';
import type { KindProps } from './kindProps.ts';
import { ItemSearchBox } from './linked/ItemSearchBox.tsx';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList, linkedRowLabel } from './linked/LinkedRowsList.tsx';
import { useManyToMany } from './useManyToMany.ts';

type ManyToManyProps = KindProps<'manyToMany'> & { context: LinkedDataContext };

function LinkedItems({ component, context }: ManyToManyProps) {
  const { t } = useTranslation();
  const { readOnly, mode } = useFormRenderer();
  const { links, itemId, titleId } = context;
  const { linked, change } = useManyToMany(links, itemId, component);
  const editable = !readOnly && modeIsEditable(mode);
  const rows = linked.data ?? [];
  const ids = rows.map((row) => row.id);
  return (
    <Stack spacing={1}>
      <LinkedQueryState query={linked}>
        {(loaded) => (
          <LinkedRowsList
            entries={loaded.map((row) => ({ row }))}
            labelledBy={titleId}
            action={
              editable
                ? ({ row }) => (
                    <IconButton
                      edge="end"
                      size="small"
                      disabled={change.isPending}
                      aria-label={t('form.links.remove', { item: linkedRowLabel(row) })}
                      onClick={() => change.mutate(ids.filter((id) => id !== row.id))}
                    >
                      <LinkOffIcon fontSize="small" />
                    </IconButton>
                  )
                : undefined
            }
          />
        )}
      </LinkedQueryState>
      {change.isError && <Alert severity="error">{t('form.links.changeFailed')}</Alert>}
      {editable && linked.data && (
        <ItemSearchBox
          queryKey={['form-links', itemId, 'manyToManyChoices', component.componentId, component.key ?? '']}
          search={(text) => links.searchManyToMany(component, text)}
          itemId={itemId}
          label={t('form.links.add')}
          noChoicesText={t('form.links.noChoices')}
          excluded={new Set(ids)}
          disabled={change.isPending}
          onPick={(choice) => change.mutate([...ids, choice.id])}
        />
      )}
    </Stack>
  );
}

/**
 * The manyToMany component of spec §3: the items of another component linked to this one; the user links
 * more through a server-side search and unlinks each, every change a new version of the item.
 */
export function ManyToManyWidget({ component }: KindProps<'manyToMany'>) {
  return (
    <LinkedDataSection component={component}>
      {(context) => <LinkedItems component={component} context={context} />}
    </LinkedDataSection>
  );
}
