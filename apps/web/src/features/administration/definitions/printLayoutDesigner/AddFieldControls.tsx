import type { PrintTableRows } from '@der/contracts';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LayoutCatalog, tableSeedOf } from './layoutCatalog.ts';
import { ADDABLE_FIELD_TYPES, type AddableFieldType, type TableSeed } from './printLayoutFields.ts';
import { SelectInput } from './SelectInput.tsx';

const TABLE_SOURCES = ['children', 'linked', 'tableField'] as const satisfies ReadonlyArray<
  PrintTableRows['kind']
>;
type TableSource = (typeof TABLE_SOURCES)[number];

export type AddFieldRequest =
  | { type: Exclude<AddableFieldType, 'table'> }
  | { type: 'table'; seed: TableSeed };

/** The type of a new field (and, for a table, where its rows come from) and the button that adds it. */
export function AddFieldControls({
  catalog,
  onAdd,
}: {
  catalog: LayoutCatalog;
  onAdd: (request: AddFieldRequest) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<AddableFieldType>('text');
  const seeds: Record<TableSource, TableSeed | undefined> = {
    children: tableSeedOf(catalog, 'children'),
    linked: tableSeedOf(catalog, 'linked'),
    tableField: tableSeedOf(catalog, 'tableField'),
  };
  const [source, setSource] = useState<TableSource>(
    () => TABLE_SOURCES.find((kind) => seeds[kind] !== undefined) ?? 'children',
  );
  const seed = seeds[source];
  const handleAdd = () => {
    if (type !== 'table') onAdd({ type });
    else if (seed) onAdd({ type, seed });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <SelectInput
        label={t('admin.printLayouts.newFieldType')}
        value={type}
        options={ADDABLE_FIELD_TYPES.map((value) => ({
          value,
          label: t(`admin.printLayouts.types.${value}`),
        }))}
        onChange={(value) => {
          const chosen = ADDABLE_FIELD_TYPES.find((candidate) => candidate === value);
          if (chosen) setType(chosen);
        }}
      />
      {type === 'table' && (
        <SelectInput
          label={t('admin.printLayouts.tableSource')}
          value={source}
          options={TABLE_SOURCES.map((kind) => ({
            value: kind,
            label: t(`admin.printLayouts.tableSources.${kind}`),
            disabled: seeds[kind] === undefined,
          }))}
          onChange={(value) => {
            const chosen = TABLE_SOURCES.find((candidate) => candidate === value);
            if (chosen) setSource(chosen);
          }}
        />
      )}
      <Button
        variant="outlined"
        disabled={type === 'table' && !seed}
        onClick={handleAdd}
        sx={{ flexShrink: 0 }}
      >
        {t('admin.printLayouts.addField')}
      </Button>
    </Stack>
  );
}
