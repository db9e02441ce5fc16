import { useEffect, useRef, useState } from 'react';
import { editCellKey } from './DataTableDataCell.tsx';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';

/**
 * The cell being edited in the grid, if any. Closing its editor puts the focus back on that cell's edit
 * button, so keyboard users keep their place.
 */
export function useGridEditing() {
  const [editing, setEditing] = useState<{ rowId: number; column: string } | null>(null);
  const focusAfterEdit = useRef<string | null>(null);
  useEffect(() => {
    if (editing !== null || focusAfterEdit.current === null) return;
    const selector = `[data-edit-cell="${CSS.escape(focusAfterEdit.current)}"]`;
    document.querySelector<HTMLElement>(selector)?.focus();
    focusAfterEdit.current = null;
  }, [editing]);
  return {
    isEditing: (row: DataTableRow, column: DataTableColumn) =>
      editing?.rowId === row.id && editing.column === column.name,
    start: (row: DataTableRow, column: DataTableColumn) => setEditing({ rowId: row.id, column: column.name }),
    close: (row: DataTableRow, column: DataTableColumn) => {
      focusAfterEdit.current = editCellKey(row, column);
      setEditing(null);
    },
  };
}
