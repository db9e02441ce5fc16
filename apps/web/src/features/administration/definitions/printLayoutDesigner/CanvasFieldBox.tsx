import { alpha, Box } from '@mui/material';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { DesignField } from './printLayoutDesign.ts';

/** Arrow keys and the millimetres they move a field by; Shift moves ten times as far. */
const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};
const SHIFT_FACTOR = 10;
/** Lines are a fraction of a millimetre high: their box is drawn at least this tall to be seen and grabbed. */
const MIN_BOX_PX = 6;

interface Drag {
  pointerId: number;
  clientX: number;
  clientY: number;
  origin: { x: number; y: number };
  pxPerMm: number;
}

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * One field drawn on the page canvas: an outlined, named box that can be selected (click, Enter, Space) and
 * moved (dragged, or by the arrow keys). Header/footer fields are dashed: they repeat on every page.
 */
export function CanvasFieldBox({
  field,
  page,
  isStatic,
  selected,
  label,
  describedBy,
  fallbackPxPerMm,
  onSelect,
  onMove,
  onNudge,
}: {
  field: DesignField;
  page: { width: number; height: number };
  isStatic: boolean;
  selected: boolean;
  label: string;
  describedBy: string;
  fallbackPxPerMm: number;
  onSelect: () => void;
  onMove: (position: { x: number; y: number }) => void;
  onNudge: (dx: number, dy: number) => void;
}) {
  const drag = useRef<Drag | null>(null);

  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const box = event.currentTarget;
    box.focus();
    onSelect();
    // The page is drawn to fit the dialog: millimetres per pixel are read from its size on the screen.
    const width = box.parentElement?.getBoundingClientRect().width ?? 0;
    drag.current = {
      pointerId: event.pointerId,
      clientX: event.clientX,
      clientY: event.clientY,
      origin: field.position,
      pxPerMm: width > 0 ? width / page.width : fallbackPxPerMm,
    };
    box.setPointerCapture?.(event.pointerId);
  };

  const handlePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    onMove({
      x: current.origin.x + (event.clientX - current.clientX) / current.pxPerMm,
      y: current.origin.y + (event.clientY - current.clientY) / current.pxPerMm,
    });
  };

  const handlePointerEnd = () => {
    drag.current = null;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const factor = event.shiftKey ? SHIFT_FACTOR : 1;
      onSelect();
      onNudge(arrow.dx * factor, arrow.dy * factor);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect();
    }
  };

  return (
    <Box
      // A real button: focusable, announced, and activated by assistive technology (which sends a click).
      component="button"
      type="button"
      aria-label={label}
      aria-pressed={selected}
      aria-describedby={describedBy}
      data-field-name={field.name}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={handlePointerEnd}
      onKeyDown={handleKeyDown}
      onClick={onSelect}
      sx={(theme) => ({
        position: 'absolute',
        display: 'block',
        m: 0,
        p: 0,
        font: 'inherit',
        textAlign: 'left',
        appearance: 'none',
        left: percent(field.position.x, page.width),
        top: percent(field.position.y, page.height),
        width: percent(field.width, page.width),
        height: percent(field.height, page.height),
        minWidth: MIN_BOX_PX,
        minHeight: MIN_BOX_PX,
        boxSizing: 'border-box',
        overflow: 'hidden',
        cursor: 'move',
        touchAction: 'none',
        userSelect: 'none',
        border: `${selected ? 2 : 1}px ${isStatic ? 'dashed' : 'solid'}`,
        borderColor: selected ? 'primary.main' : 'text.secondary',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        zIndex: selected ? 2 : 1,
        '&:focus-visible': {
          outline: `3px solid ${theme.palette.secondary.main}`,
          outlineOffset: 2,
        },
      })}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'block',
          px: 0.25,
          typography: 'caption',
          lineHeight: 1.2,
          whiteSpace: 'nowrap',
          color: selected ? 'primary.dark' : 'text.secondary',
          pointerEvents: 'none',
        }}
      >
        {field.name}
      </Box>
    </Box>
  );
}
