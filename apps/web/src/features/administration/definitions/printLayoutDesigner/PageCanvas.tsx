import type { PrintLayout } from '@der/contracts';
import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasFieldBox } from './CanvasFieldBox.tsx';
import { type FieldRef, listPageFields, refKey, sameRef } from './printLayoutDesign.ts';

/** The page is drawn this wide (or narrower on a small screen): an A4 page fits beside the inspector. */
const CANVAS_WIDTH_PX = 460;

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * One page of the layout drawn to scale: the area inside its padding, its header/footer fields and its own
 * fields as outlined boxes named by the field, which are selected and moved there.
 */
export function PageCanvas({
  layout,
  page,
  selected,
  onSelect,
  onMove,
  onNudge,
}: {
  layout: PrintLayout;
  page: number;
  selected: FieldRef | null;
  onSelect: (ref: FieldRef) => void;
  onMove: (ref: FieldRef, position: { x: number; y: number }) => void;
  onNudge: (ref: FieldRef, dx: number, dy: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const basePdf = layout.template.basePdf;
  const [top, right, bottom, left] = basePdf.padding;
  const millimetres = (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Box sx={{ width: CANVAS_WIDTH_PX, maxWidth: '100%', flexShrink: 0 }}>
      <Box
        role="group"
        aria-label={t('admin.printLayouts.canvas', {
          number: page + 1,
          width: millimetres(basePdf.width),
          height: millimetres(basePdf.height),
        })}
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${basePdf.width} / ${basePdf.height}`,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          boxShadow: 2,
        }}
      >
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: percent(top, basePdf.height),
            right: percent(right, basePdf.width),
            bottom: percent(bottom, basePdf.height),
            left: percent(left, basePdf.width),
            border: 1,
            borderStyle: 'dotted',
            borderColor: 'divider',
            pointerEvents: 'none',
          }}
        />
        {listPageFields(layout, page).map(({ ref, field }) => (
          <CanvasFieldBox
            key={refKey(ref)}
            field={field}
            page={basePdf}
            isStatic={ref.area === 'static'}
            selected={sameRef(ref, selected)}
            label={t(
              ref.area === 'static' ? 'admin.printLayouts.staticBoxLabel' : 'admin.printLayouts.boxLabel',
              {
                name: field.name,
                x: millimetres(field.position.x),
                y: millimetres(field.position.y),
              },
            )}
            describedBy={hintId}
            fallbackPxPerMm={CANVAS_WIDTH_PX / basePdf.width}
            onSelect={() => onSelect(ref)}
            onMove={(position) => onMove(ref, position)}
            onNudge={(dx, dy) => onNudge(ref, dx, dy)}
          />
        ))}
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('admin.printLayouts.canvasHint')}
      </Typography>
    </Box>
  );
}
