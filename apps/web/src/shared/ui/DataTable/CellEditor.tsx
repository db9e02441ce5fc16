import { Box, CircularProgress } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';
import { InlineValueInput, initialEditText } from './InlineValueInput.tsx';
import { editedValueOf, inlineEditKindOf } from './inlineEditKind.ts';

/**
 * In-grid editing of one cell: Enter (or leaving a text box, or choosing an option) saves, Escape cancels. An
 * unchanged value closes without a call; a text that is not yet a number keeps the editor open.
 */
export function CellEditor({
  column,
  row,
  onSave,
  onClose,
}: {
  column: DataTableColumn;
  row: DataTableRow;
  onSave: (value: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const initial = initialEditText(column, row.values[column.name], i18n.language);
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  // Refs, not state: a blur fired by disabling the input during the save must see the save already running.
  const finished = useRef(false);
  const savingNow = useRef(false);
  const label = t('dataTable.cellEditor', { column: column.header, name: row.label });

  const finish = () => {
    finished.current = true;
    onClose();
  };
  const commit = async (typed: string) => {
    if (finished.current || savingNow.current) return;
    if (typed === initial) return finish();
    const value = editedValueOf(column, typed);
    if (value === undefined) return;
    savingNow.current = true;
    setSaving(true);
    try {
      await onSave(value);
    } catch {
      // The owner reports the failure (and reloads the row on a conflict); the editor just closes.
    }
    finish();
  };
  const isSelect = ['boolean', 'choice'].includes(inlineEditKindOf(column) ?? '');

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        if (isSelect) {
          if (!savingNow.current && !finished.current) finish();
        } else {
          void commit(text);
        }
      }}
    >
      <InlineValueInput
        column={column}
        label={label}
        value={text}
        onChange={setText}
        onCommit={(typed) => void commit(typed)}
        onCancel={finish}
        autoFocus
        disabled={saving}
      />
      {saving && <CircularProgress size={16} aria-label={t('dataTable.saving')} />}
    </Box>
  );
}
