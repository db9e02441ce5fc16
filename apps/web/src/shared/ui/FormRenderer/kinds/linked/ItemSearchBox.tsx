import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkChoice } from '../../formRendererTypes.ts';
import { useDebounced } from '../../useDebounced.ts';
import { linkedRowLabel } from './LinkedRowsList.tsx';
import { useLinkChoices } from './useLinkChoices.ts';

/**
 * An autocomplete over items the user may relate to the item (many-to-many link, free link, predecessor),
 * searched on the server as they type; items in `excluded` (already related) and the item itself are not
 * offered. Keyboard: type, arrows, Enter.
 */
export function ItemSearchBox({
  queryKey,
  search,
  itemId,
  label,
  noChoicesText,
  excluded,
  disabled,
  onPick,
}: {
  /** What the search is about, besides the text (react-query key prefix). */
  queryKey: readonly unknown[];
  search: (text: string) => Promise<LinkChoice[]>;
  itemId: number;
  label: string;
  noChoicesText: string;
  excluded: ReadonlySet<number>;
  disabled: boolean;
  onPick: (choice: LinkChoice) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const searched = useDebounced(text.trim());
  const choices = useLinkChoices(queryKey, search, searched, open);
  const options = (choices.data ?? []).filter((choice) => !excluded.has(choice.id) && choice.id !== itemId);
  return (
    <Autocomplete<LinkChoice>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={null}
      inputValue={text}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_, choice) => {
        if (!choice) return;
        setText('');
        onPick(choice);
      }}
      // The server filters by the search text; the list shows its answer as is.
      filterOptions={(all) => all}
      getOptionLabel={linkedRowLabel}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      loading={choices.isFetching}
      loadingText={t('form.loading')}
      noOptionsText={choices.isError ? t('form.related.loadFailed') : noChoicesText}
      disabled={disabled}
      size="small"
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
