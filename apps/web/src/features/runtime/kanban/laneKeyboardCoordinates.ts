import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** Lane droppables are registered under ids with this prefix (cards are not droppable). */
export const LANE_ID_PREFIX = 'lane:';

/**
 * Keyboard moves between lanes (dnd-kit's KeyboardSensor): ArrowRight / ArrowLeft put the dragged card over
 * the next / previous lane (by their position on screen), whatever the lanes' widths and scroll — in the
 * swimlane grid, the next cell of the card's row; ArrowUp and ArrowDown do nothing — a lane's order is its
 * query's, not the user's.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const all = [...context.droppableContainers.getEnabled()]
    .filter((container) => String(container.id).startsWith(LANE_ID_PREFIX))
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id);
      return rect ? [{ id: container.id, ...rect }] : [];
    });
  // In the swimlane grid a lane is a column of cells: the arrows move along the row the card is in.
  const y = context.collisionRect
    ? context.collisionRect.top + context.collisionRect.height / 2
    : currentCoordinates.y;
  const row =
    all.find((rect) => rect.id === context.over?.id) ??
    all.find((rect) => y >= rect.top && y <= rect.top + rect.height);
  const lanes = (
    row ? all.filter((rect) => rect.top < row.top + row.height && rect.top + rect.height > row.top) : all
  ).sort((a, b) => a.left - b.left);
  if (lanes.length === 0) return undefined;
  // The lane the card is over now (dnd-kit's own answer), else the one under the card's centre.
  const x = context.collisionRect
    ? context.collisionRect.left + context.collisionRect.width / 2
    : currentCoordinates.x;
  const overIndex = context.over ? lanes.findIndex((rect) => rect.id === context.over?.id) : -1;
  const index =
    overIndex !== -1 ? overIndex : lanes.findIndex((rect) => x >= rect.left && x <= rect.left + rect.width);
  const next = lanes[Math.min(lanes.length - 1, Math.max(0, (index === -1 ? 0 : index) + step))]!;
  const width = context.collisionRect?.width ?? 0;
  return {
    x: next.left + next.width / 2 - width / 2,
    y: currentCoordinates.y,
  };
};
