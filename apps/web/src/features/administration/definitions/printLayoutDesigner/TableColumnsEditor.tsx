import type { PrintLayout } from '@der/contracts';
import { Alert, Button, FormControl, FormLabel, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BindingEditor } from './BindingEditor.tsx';
import { LocalizedTextInputs } from './LocalizedTextInputs.tsx';
import { type LayoutCatalog, listRowKeys, rowsSourceName } from './layoutCatalog.ts';
import { NumberInput } from './NumberInput.tsx';
import type { FieldRef } from './printLayoutDesign.ts';
import {
  addColumn,
  columnWidthTotal,
  MAX_TABLE_COLUMNS,
  removeColumn,
  type TableField,
  updateColumn,
} from './printTableColumns.ts';
import { SelectInput } from './SelectInput.tsx';

const COLUMN_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** A table's rows (where they come from, read-only) and its columns: header, share of the width, value. */
export function TableColumnsEditor({
  layout,
  fieldRef,
  table,
  catalog,
  onChange,
}: {
  layout: PrintLayout;
  fieldRef: FieldRef;
  table: TableField;
  catalog: LayoutCatalog;
  onChange: (layout: PrintLayout) => void;
}) {
  const { t, i18n } = useTranslation();
  const rowKeys = listRowKeys(catalog, table.rows);
  const total = columnWidthTotal(table.columns);
  const firstKey = rowKeys[0];
  const handleAdd = () =>
    firstKey &&
    onChange(
      addColumn(layout, fieldRef, {
        header: firstKey.label,
        alignment: 'left',
        binding: { kind: 'field', field: firstKey.key, format: { kind: 'auto' } },
      }),
    );
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        {t(`admin.printLayouts.rowsSource.${table.rows.kind}`, {
          source: rowsSourceName(catalog, table.rows, i18n.language),
        })}
      </Typography>
      <Typography component="h4" variant="subtitle2">
        {t('admin.printLayouts.columns')}
      </Typography>
      {table.columns.map((column, index) => {
        const number = index + 1;
        return (
          <FormControl
            // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id; their order is what the table prints
            key={index}
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, pt: 0.5 }}
          >
            <FormLabel component="legend" sx={{ px: 0.5 }}>
              {t('admin.printLayouts.column', { number })}
            </FormLabel>
            <Stack spacing={1.5} sx={{ pt: 1 }}>
              <LocalizedTextInputs
                label={t('admin.printLayouts.columnHeader')}
                value={column.header}
                onChange={(header) => onChange(updateColumn(layout, fieldRef, index, { header }))}
              />
              <Stack direction="row" spacing={1}>
                <NumberInput
                  label={t('admin.printLayouts.columnWidth')}
                  value={column.width}
                  min={1}
                  max={100}
                  step={1}
                  onChange={(width) => onChange(updateColumn(layout, fieldRef, index, { width }))}
                />
                <SelectInput
                  label={t('admin.printLayouts.alignment')}
                  value={column.alignment}
                  options={COLUMN_ALIGNMENTS.map((value) => ({
                    value,
                    label: t(`admin.printLayouts.alignments.${value}`),
                  }))}
                  onChange={(value) => {
                    const alignment = COLUMN_ALIGNMENTS.find((candidate) => candidate === value);
                    if (alignment) onChange(updateColumn(layout, fieldRef, index, { alignment }));
                  }}
                />
              </Stack>
              <BindingEditor
                label={t('admin.printLayouts.columnValue', { number })}
                binding={column.binding}
                keys={rowKeys}
                onChange={(binding) => onChange(updateColumn(layout, fieldRef, index, { binding }))}
              />
              <Button
                color="error"
                size="small"
                sx={{ alignSelf: 'flex-start' }}
                disabled={table.columns.length <= 1}
                onClick={() => onChange(removeColumn(layout, fieldRef, index))}
              >
                {t('admin.printLayouts.removeColumn', { number })}
              </Button>
            </Stack>
          </FormControl>
        );
      })}
      {Math.abs(total - 100) > 0.5 && (
        <Alert severity="warning">{t('admin.printLayouts.widthTotal', { total })}</Alert>
      )}
      <Button
        variant="outlined"
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        disabled={!firstKey || table.columns.length >= MAX_TABLE_COLUMNS}
        onClick={handleAdd}
      >
        {t('admin.printLayouts.addColumn')}
      </Button>
    </Stack>
  );
}
