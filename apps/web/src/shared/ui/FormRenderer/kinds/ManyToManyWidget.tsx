import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Autocomplete, IconButton, Stack, TextField } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeIsEditable } from '../formModes.ts';
import type { LinkChoice, LinkedRow } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { LinkedQueryState, LinkedRowsList, linkedRowLabel } from './linked/LinkedRowsList.tsx';

/** Waits for a pause in typing before searching: one request per pause, not one per key. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

type ManyToManyProps = KindProps<'manyToMany'> & { context: LinkedDataContext };

/** The autocomplete over the items the user may link, searched on the server as they type. */
function AddLink({
  component,
  context,
  linkedIds,
  disabled,
  onAdd,
}: ManyToManyProps & { linkedIds: ReadonlySet<number>; disabled: boolean; onAdd: (id: number) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { links, itemId } = context;
  const searched = useDebounced(search.trim());
  const choices = useQuery({
    queryKey: [
      'form-links',
      itemId,
      'manyToManyChoices',
      component.componentId,
      component.key ?? '',
      searched,
    ],
    queryFn: () => links.searchManyToMany(component, searched),
    enabled: open,
    staleTime: 10_000,
    // The previous answer stays on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
  // Items already linked, and the item itself, are not offered again.
  const options = (choices.data ?? []).filter((choice) => !linkedIds.has(choice.id) && choice.id !== itemId);
  return (
    <Autocomplete<LinkChoice>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={null}
      inputValue={search}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setSearch(value);
      }}
      onChange={(_, choice) => {
        if (!choice) return;
        setSearch('');
        onAdd(choice.id);
      }}
      // The server filters by the search text; the list shows its answer as is.
      filterOptions={(all) => all}
      getOptionLabel={linkedRowLabel}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      loading={choices.isFetching}
      loadingText={t('form.loading')}
      noOptionsText={choices.isError ? t('form.related.loadFailed') : t('form.links.noChoices')}
      disabled={disabled}
      size="small"
      renderInput={(params) => <TextField {...params} label={t('form.links.add')} />}
    />
  );
}

function LinkedItems({ component, context }: ManyToManyProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { readOnly, mode } = useFormRenderer();
  const { links, itemId, titleId } = context;
  const queryKey = ['form-links', itemId, 'manyToMany', component.componentId, component.key ?? ''];
  const linked = useQuery({ queryKey, queryFn: () => links.loadManyToMany(component) });
  const change = useMutation({
    mutationFn: (linkedIds: number[]) => links.setManyToMany(component, linkedIds),
    onSuccess: async (rows) => {
      // null: refused, and the page already said why (a conflict offers to reload).
      if (!rows) return;
      queryClient.setQueryData<LinkedRow[]>(queryKey, rows);
      // The change is a new version of the item: its history has a new entry.
      await queryClient.invalidateQueries({ queryKey: ['form-history', itemId] });
    },
  });
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
        <AddLink
          component={component}
          context={context}
          linkedIds={new Set(ids)}
          disabled={change.isPending}
          onAdd={(id) => change.mutate([...ids, id])}
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
