import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { DataTableRow } from './dataTableTypes.ts';

export type RowSelection = Map<number, DataTableRow>;

/**
 * The selected rows by id, across pages. The owner is told the selection whenever it changes; rows loaded
 * again replace the selected copies, which keep the version they were loaded at.
 */
export function useRowSelection(
  rows: readonly DataTableRow[],
  onSelectionChange: ((rows: DataTableRow[]) => void) | undefined,
): [RowSelection, Dispatch<SetStateAction<RowSelection>>] {
  const [selected, setSelected] = useState<RowSelection>(() => new Map());
  // The latest listener, so an owner passing a new function each render does not re-run the effect.
  const selectionListener = useRef(onSelectionChange);
  selectionListener.current = onSelectionChange;
  useEffect(() => selectionListener.current?.([...selected.values()]), [selected]);

  // When a page is loaded again, take the fresh rows so a bulk update after a reload is not refused as stale.
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      let changed = false;
      const updated = new Map(current);
      for (const row of rows) {
        if (updated.has(row.id) && updated.get(row.id) !== row) {
          updated.set(row.id, row);
          changed = true;
        }
      }
      return changed ? updated : current;
    });
  }, [rows]);
  return [selected, setSelected];
}
