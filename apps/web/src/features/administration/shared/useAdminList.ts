import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from './useNotify.ts';

/** How an administration list reads its rows and removes a selection of them. */
export interface AdminListSource<Row> {
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<Row[]>;
  remove: (ids: number[]) => Promise<{ message: string }>;
}

/** The id of the record in the editor: 0 for a new one, null while the editor is closed. */
export type EditingId = number | null;

/**
 * The state of an administration list page: its rows, the selection, the record in the editor and the removal
 * of the selection after confirmation. A removal or a save notifies, clears what it changed and reloads the rows.
 */
export function useAdminList<Row>(source: AdminListSource<Row>) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<EditingId>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.load(signal),
    // A failed load shows its message with a retry button (AdminPage) at once.
    retry: false,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: source.queryKey });
  const removal = useMutation({
    mutationFn: source.remove,
    onSuccess: (result) => {
      notify.success(result.message);
      setSelected([]);
      void reload();
    },
    onError: notify.error,
  });

  return {
    rows: query.data ?? [],
    busy: query.isFetching || removal.isPending,
    loadError: query.error,
    retry: () => void query.refetch(),
    selected,
    setSelected,
    editing,
    edit: setEditing,
    closeEditor: () => setEditing(null),
    saved: (message: string) => {
      setEditing(null);
      notify.success(message);
      void reload();
    },
    /** Removing: asked first, and not again while a removal runs. */
    removing: removal.isPending,
    confirming,
    askRemove: () => setConfirming(true),
    cancelRemove: () => setConfirming(false),
    confirmRemove: () => {
      setConfirming(false);
      removal.mutate(selected);
    },
  };
}
