import {
  formatValidationMessage,
  localize,
  type ReferenceTable,
  type ReferenceTableColumn,
  referenceRowIssues,
} from '@der/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { useDefinitionDocument, useSaveReferenceTable } from './definitionQueries.ts';
import {
  cellErrorsOf,
  emptyGridRow,
  type GridRow,
  tablesOf,
  toGridRows,
  toRequestRows,
} from './referenceTableEditing.ts';

const languageOf = (language: string) => (language === 'en' ? 'en' : 'pt-BR');

/** One cell of the grid, its input by the column's type, its problem (live or the server's) under it. */
function CellInput({
  column,
  value,
  label,
  error,
  onChange,
}: {
  column: ReferenceTableColumn;
  value: string | boolean;
  label: string;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  if (column.type === 'boolean')
    return (
      <Checkbox
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    );
  return (
    <TextField
      size="small"
      value={value}
      type={column.type === 'date' ? 'date' : 'text'}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      sx={{ minWidth: column.type === 'string' ? 160 : 96 }}
      slotProps={{
        htmlInput: { 'aria-label': label, ...(column.type === 'number' ? { inputMode: 'decimal' } : {}) },
      }}
    />
  );
}

/** The grid of one table: a row per line, typed inputs per column, remove and add. */
function TableGrid({
  table,
  rows,
  errors,
  onChange,
}: {
  table: ReferenceTable;
  rows: GridRow[];
  errors: Record<string, string>;
  onChange: (rows: GridRow[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = localize(table.name, i18n.language);
  const setCell = (id: number, key: string, value: string | boolean) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, cells: { ...row.cells, [key]: value } } : row)));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={name}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.referenceTables.rowNumber')}</TableCell>
            {table.columns.map((column) => (
              <TableCell key={column.key}>{localize(column.label, i18n.language)}</TableCell>
            ))}
            <TableCell>{t('admin.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={table.columns.length + 2} align="center">
                {t('admin.referenceTables.empty')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => (
            <TableRow key={row.id}>
              <TableCell>{index + 1}</TableCell>
              {table.columns.map((column) => (
                <TableCell key={column.key}>
                  <CellInput
                    column={column}
                    value={row.cells[column.key] ?? ''}
                    label={t('admin.referenceTables.cell', {
                      column: localize(column.label, i18n.language),
                      row: index + 1,
                    })}
                    error={errors[`rows.${index}.${column.key}`]}
                    onChange={(value) => setCell(row.id, column.key, value)}
                  />
                </TableCell>
              ))}
              <TableCell>
                <Tooltip title={t('admin.referenceTables.remove', { row: index + 1 })}>
                  <IconButton
                    aria-label={t('admin.referenceTables.remove', { row: index + 1 })}
                    onClick={() => onChange(rows.filter((candidate) => candidate.id !== row.id))}
                  >
                    <span aria-hidden="true">×</span>
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button sx={{ mt: 1 }} onClick={() => onChange([...rows, emptyGridRow(table)])}>
        {t('admin.referenceTables.add')}
      </Button>
    </Box>
  );
}

/**
 * An administrator edits a reference table of an installed definition (limits by framing, fee table…): a grid
 * of rows with typed cells, checked as typed by the contract's own rules, saved as a new version of the
 * definition by the server, which checks every cell again and names a bad one by row and column.
 */
export function ReferenceTableEditorDialog({
  definitionKey,
  onClose,
}: {
  definitionKey: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const titleId = useId();
  const exported = useDefinitionDocument(definitionKey);
  const tables = useMemo(() => tablesOf(exported.data), [exported.data]);
  const [chosen, setChosen] = useState(0);
  const [edited, setEdited] = useState<Record<string, GridRow[]>>({});
  const table = tables[chosen];
  const rows = table ? (edited[table.key] ?? toGridRows(table, i18n.language)) : [];
  const requestRows = table ? toRequestRows(table, rows, i18n.language) : [];
  // The contract's checks as the administrator types; the server runs the same before it saves.
  const liveErrors = table
    ? Object.fromEntries(
        referenceRowIssues(table, requestRows, (column) => localize(column.label, language)).map((issue) => [
          `rows.${issue.row - 1}.${issue.column}`,
          formatValidationMessage(issue.message, language, issue.params),
        ]),
      )
    : {};
  const save = useSaveReferenceTable(definitionKey, table?.key, requestRows, {
    onSuccess: async () => {
      setEdited({});
      await exported.refetch();
    },
  });
  const serverErrors = save.isError ? cellErrorsOf(save.error) : {};
  const errors = { ...serverErrors, ...liveErrors };
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('admin.referenceTables.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {exported.isError && <Alert severity="error">{getErrorMessage(exported.error)}</Alert>}
          {exported.isSuccess && tables.length === 0 && (
            <Alert severity="info">{t('admin.referenceTables.none')}</Alert>
          )}
          {tables.length > 1 && (
            <TextField
              select
              label={t('admin.referenceTables.table')}
              value={chosen}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {tables.map((candidate, index) => (
                <MenuItem key={candidate.key} value={index}>
                  {localize(candidate.name, i18n.language)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {table?.description && (
            <Typography variant="body2">{localize(table.description, i18n.language)}</Typography>
          )}
          {table && (
            <TableGrid
              table={table}
              rows={rows}
              errors={errors}
              onChange={(next) => {
                save.reset();
                setEdited({ ...edited, [table.key]: next });
              }}
            />
          )}
          {save.isError && (
            <Alert severity="error" aria-label={t('admin.referenceTables.problems')}>
              {getErrorMessage(save.error)}
              {Object.values(serverErrors).map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          {save.isSuccess && (
            <Alert severity="success">
              {t('admin.referenceTables.saved', { version: save.data.version })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.referenceTables.close')}</Button>
        <Button
          variant="contained"
          disabled={!table || save.isPending || Object.keys(liveErrors).length > 0}
          onClick={() => save.mutate()}
        >
          {t('admin.referenceTables.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
