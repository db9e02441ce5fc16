import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { laneKeyboardCoordinates } from './laneKeyboardCoordinates.ts';

type Args = Parameters<KeyboardCoordinateGetter>[1];
const rect = (left: number, top: number) => ({ left, top, width: 300, height: 200 });

/** Droppables at these places; the card (80 px wide) over `over`, at `y`. */
function argsFor(rects: Record<string, ReturnType<typeof rect>>, over: string, y: number): Args {
  const ids = Object.keys(rects);
  return {
    active: 'card:1',
    currentCoordinates: { x: rects[over]!.left + 110, y },
    context: {
      droppableContainers: { getEnabled: () => ids.map((id) => ({ id })) },
      droppableRects: new Map(ids.map((id) => [id, rects[id]])),
      over: { id: over },
      collisionRect: { left: rects[over]!.left + 110, top: y - 40, width: 80, height: 80 },
    },
  } as unknown as Args;
}

const key = (code: string) => ({ code, preventDefault: () => {} }) as unknown as KeyboardEvent;

describe('laneKeyboardCoordinates', () => {
  it('moves to the next and the previous lane by their place on screen', () => {
    const lanes = { 'lane:b': rect(320, 0), 'lane:a': rect(0, 0), 'lane:c': rect(640, 0) };
    expect(laneKeyboardCoordinates(key('ArrowRight'), argsFor(lanes, 'lane:a', 100))?.x).toBe(320 + 150 - 40);
    expect(laneKeyboardCoordinates(key('ArrowLeft'), argsFor(lanes, 'lane:c', 100))?.x).toBe(320 + 150 - 40);
    expect(laneKeyboardCoordinates(key('ArrowUp'), argsFor(lanes, 'lane:a', 100))).toBeUndefined();
  });

  it('in the swimlane grid, moves along the card’s row, not into another row’s cell', () => {
    const cells = {
      'lane:a:1': rect(0, 0),
      'lane:b:1': rect(320, 0),
      'lane:a:none': rect(0, 400),
      'lane:b:none': rect(320, 400),
    };
    const moved = laneKeyboardCoordinates(key('ArrowRight'), argsFor(cells, 'lane:a:none', 500));
    expect(moved).toEqual({ x: 320 + 150 - 40, y: 500 });
    // At the row's last lane the card stays there.
    expect(laneKeyboardCoordinates(key('ArrowRight'), argsFor(cells, 'lane:b:1', 100))?.x).toBe(430);
  });
});
