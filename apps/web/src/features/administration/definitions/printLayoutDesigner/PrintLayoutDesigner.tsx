import type { PrintLayout } from '@der/contracts';
import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddFieldControls, type AddFieldRequest } from './AddFieldControls.tsx';
import { FieldInspector } from './FieldInspector.tsx';
import type { LayoutCatalog } from './layoutCatalog.ts';
import { PageCanvas } from './PageCanvas.tsx';
import { PagePaddingInputs } from './PagePaddingInputs.tsx';
import { type FieldRef, findField, moveField, nudgeField, refKey } from './printLayoutDesign.ts';
import { addField, removeField } from './printLayoutFields.ts';
import { SelectInput } from './SelectInput.tsx';

/**
 * The structured editor of a print layout: a page drawn to scale whose fields are selected and moved there, an
 * inspector of the selected field, adding and removing fields, and the page's padding. Every edit is one of
 * the pure functions of this folder, handed up as the next layout.
 */
export function PrintLayoutDesigner({
  layout,
  catalog,
  onChange,
}: {
  layout: PrintLayout;
  catalog: LayoutCatalog;
  onChange: (layout: PrintLayout) => void;
}) {
  const { t } = useTranslation();
  const [chosenPage, setChosenPage] = useState(0);
  const [selected, setSelected] = useState<FieldRef | null>(null);
  const pageCount = layout.template.schemas.length;
  // The JSON may have been edited to hold fewer pages (or the selected field may be gone).
  const page = Math.min(chosenPage, pageCount - 1);
  const selectedField = selected ? findField(layout, selected) : undefined;

  const handleMove = (ref: FieldRef, position: { x: number; y: number }) => {
    const before = findField(layout, ref)?.position;
    const next = moveField(layout, ref, position);
    const after = findField(next, ref)?.position;
    // A drag reports every pixel; most of them land on the same half millimetre.
    if (before && after && (before.x !== after.x || before.y !== after.y)) onChange(next);
  };
  const handleAdd = (request: AddFieldRequest) => {
    const added =
      request.type === 'table'
        ? addField(layout, page, 'table', request.seed)
        : addField(layout, page, request.type);
    onChange(added.layout);
    setSelected(added.ref);
  };
  const handleRemove = (ref: FieldRef) => {
    onChange(removeField(layout, ref));
    setSelected(null);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {pageCount > 1 && (
          <Box sx={{ width: 200 }}>
            <SelectInput
              label={t('admin.printLayouts.page')}
              value={String(page)}
              options={layout.template.schemas.map((_, index) => ({
                value: String(index),
                label: t('admin.printLayouts.pageOption', { number: index + 1, total: pageCount }),
              }))}
              onChange={(value) => {
                setChosenPage(Number(value));
                setSelected(null);
              }}
            />
          </Box>
        )}
        <AddFieldControls catalog={catalog} onAdd={handleAdd} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <PageCanvas
          layout={layout}
          page={page}
          selected={selectedField ? selected : null}
          onSelect={setSelected}
          onMove={handleMove}
          onNudge={(ref, dx, dy) => onChange(nudgeField(layout, ref, dx, dy))}
        />
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {selected && selectedField ? (
            <FieldInspector
              // Inputs keep what is being typed; a newly selected field starts them afresh.
              key={refKey(selected)}
              layout={layout}
              fieldRef={selected}
              catalog={catalog}
              onChange={onChange}
              onRemove={() => handleRemove(selected)}
            />
          ) : (
            <Typography color="text.secondary">{t('admin.printLayouts.noSelection')}</Typography>
          )}
        </Box>
      </Stack>
      <PagePaddingInputs layout={layout} onChange={onChange} />
    </Stack>
  );
}
