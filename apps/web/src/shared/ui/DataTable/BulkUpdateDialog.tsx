import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from './dataTableTypes.ts';
import { InlineValueInput } from './InlineValueInput.tsx';
import { bulkEditableColumns, editedValueOf } from './inlineEditKind.ts';

/** Spec §7.6 bulkUpdateItems: one field set to one value on every selected item. */
export function BulkUpdateDialog({
  open,
  count,
  columns,
  onApply,
  onClose,
}: {
  open: boolean;
  count: number;
  columns: readonly DataTableColumn[];
  onApply: (column: DataTableColumn, value: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const editable = bulkEditableColumns(columns);
  const [fieldName, setFieldName] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const column = editable.find((candidate) => candidate.name === (fieldName || editable[0]?.name));
  const value = column ? editedValueOf(column, text) : undefined;

  const handleApply = async () => {
    if (!column || value === undefined) return;
    setBusy(true);
    try {
      await onApply(column, value);
      setText('');
      onClose();
    } catch {
      // The owner shows why; the dialog stays open so the user can change the value and try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('dataTable.bulkDialog.title', { count })}</DialogTitle>
      <DialogContent>
        {column ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              size="small"
              label={t('dataTable.bulkDialog.field')}
              value={column.name}
              onChange={(event) => {
                setFieldName(event.target.value);
                setText('');
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {editable.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.header}
                </option>
              ))}
            </TextField>
            <InlineValueInput
              key={column.name}
              column={column}
              label={t('dataTable.bulkDialog.value')}
              value={text}
              onChange={setText}
              disabled={busy}
            />
          </Stack>
        ) : (
          <Alert severity="info">{t('dataTable.bulkDialog.noEditableField')}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('dataTable.bulkDialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void handleApply()}
          disabled={busy || !column || value === undefined}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('dataTable.bulkDialog.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
