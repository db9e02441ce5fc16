import { localize, type TableColumn } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormHelperText,
  IconButton,
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
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

type Row = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => !!row && typeof row === 'object') : [];

/**
 * A cell as typed: numbers stay text while being typed ('318,' on the way to '318,5'); the server reads them in
 * Brazilian notation and stores numbers, which come back shown in the language's notation.
 */
function cellValue(column: TableColumn, text: string): unknown {
  if (column.type === 'STRING') return column.uppercase ? text.toLocaleUpperCase('pt-BR') : text;
  return text.trim() === '' ? null : text;
}

function cellText(value: unknown, language: string): string {
  if (typeof value === 'number')
    return value.toLocaleString(language === 'en' ? 'en' : 'pt-BR', {
      maximumFractionDigits: 3,
      useGrouping: false,
    });
  return value === null || value === undefined ? '' : String(value);
}

/** A PICKLIST cell: a native select (keyboard and screen readers as the browser gives them), read as its text. */
function PicklistCell(props: {
  column: TableColumn;
  value: unknown;
  label: string;
  readOnly: boolean;
  onChange: (value: string | null) => void;
  onBlur: () => void;
}) {
  const { i18n } = useTranslation();
  const { column, value, label, readOnly } = props;
  const options = column.options ?? [];
  const chosen = options.find((option) => option.value === value);
  if (readOnly) return chosen ? localize(chosen.text, i18n.language) : '';
  return (
    <TextField
      select
      size="small"
      fullWidth
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => props.onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={props.onBlur}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
    >
      <option value="" />
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {localize(option.text, i18n.language)}
        </option>
      ))}
    </TextField>
  );
}

/**
 * A TABLE field (e.g. a route's segments): one line per row with a cell per column, rows added, removed and
 * moved up or down by buttons reachable with the keyboard. Each cell is checked by the server with its column's
 * rules ('Linha 2, Km final: …'); the field's own error (none yet, too many) shows under the table.
 */
export function TableField({ component }: KindProps<'table'>) {
  const { t, i18n } = useTranslation();
  const bound = useBoundField(component);
  const captionId = useId();
  if (bound.hidden || !bound.field) return null;
  const { controller, field, readOnly } = bound;
  const columns = field.columns ?? [];
  const rows = rowsOf(controller.field.value);
  const change = (next: Row[]) => controller.field.onChange(next);
  const setCell = (index: number, column: TableColumn, value: unknown) =>
    change(rows.map((row, at) => (at === index ? { ...row, [column.key]: value } : row)));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    change(next);
  };
  return (
    // A named group: its 'Adicionar linha' is told apart from another table's on the same form.
    <Box role="group" aria-labelledby={captionId}>
      <Typography id={captionId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {bound.label}
        {bound.required ? ' *' : ''}
      </Typography>
      <Table size="small" aria-labelledby={captionId}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }}>{t('form.table.rowNumber')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.key}>
                {localize(column.label, i18n.language)}
                {column.required ? ' *' : ''}
              </TableCell>
            ))}
            {!readOnly && <TableCell sx={{ width: 136 }}>{t('form.table.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 2}>
                <Typography variant="body2" color="text.secondary">
                  {t('form.table.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => {
            const rowNumber = index + 1;
            return (
              // Rows have no id of their own: their position is what the user edits.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <TableRow key={index}>
                <TableCell>{rowNumber}</TableCell>
                {columns.map((column) => {
                  const label = localize(column.label, i18n.language);
                  const cellLabel = t('form.table.cellLabel', { column: label, row: rowNumber });
                  if (column.type === 'BOOLEAN')
                    return (
                      <TableCell key={column.key}>
                        {readOnly ? (
                          // Read, the answer is a word ('Sim' / 'Não'), not a greyed-out box.
                          t(row[column.key] === true ? 'messages.yes' : 'messages.no')
                        ) : (
                          <Checkbox
                            checked={row[column.key] === true}
                            onChange={(event) => setCell(index, column, event.target.checked)}
                            onBlur={controller.field.onBlur}
                            slotProps={{ input: { 'aria-label': cellLabel } }}
                          />
                        )}
                      </TableCell>
                    );
                  if (column.type === 'PICKLIST')
                    return (
                      <TableCell key={column.key}>
                        <PicklistCell
                          column={column}
                          value={row[column.key]}
                          label={cellLabel}
                          readOnly={readOnly}
                          onChange={(value) => setCell(index, column, value)}
                          onBlur={controller.field.onBlur}
                        />
                      </TableCell>
                    );
                  return (
                    <TableCell key={column.key}>
                      <TextField
                        size="small"
                        fullWidth
                        value={cellText(row[column.key], i18n.language)}
                        disabled={readOnly}
                        onChange={(event) => setCell(index, column, cellValue(column, event.target.value))}
                        onBlur={controller.field.onBlur}
                        slotProps={{
                          htmlInput: {
                            'aria-label': cellLabel,
                            inputMode: column.type === 'STRING' ? 'text' : 'decimal',
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
                {!readOnly && (
                  <TableCell>
                    <Stack direction="row">
                      <Tooltip title={t('form.table.moveUp', { row: rowNumber })}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('form.table.moveUp', { row: rowNumber })}
                            disabled={index === 0}
                            onClick={() => move(index, -1)}
                          >
                            <ArrowUpwardIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('form.table.moveDown', { row: rowNumber })}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('form.table.moveDown', { row: rowNumber })}
                            disabled={index === rows.length - 1}
                            onClick={() => move(index, 1)}
                          >
                            <ArrowDownwardIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('form.table.remove', { row: rowNumber })}>
                        <IconButton
                          size="small"
                          aria-label={t('form.table.remove', { row: rowNumber })}
                          onClick={() => change(rows.filter((_, at) => at !== index))}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {!readOnly && (
        <Button
          startIcon={<AddIcon />}
          size="small"
          sx={{ mt: 1 }}
          ref={controller.field.ref}
          onClick={() => change([...rows, {}])}
        >
          {t('form.table.add')}
        </Button>
      )}
      {bound.errorText && <FormHelperText error>{bound.errorText}</FormHelperText>}
    </Box>
  );
}
