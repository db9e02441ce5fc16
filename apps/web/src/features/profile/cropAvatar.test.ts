import { describe, expect, it } from 'vitest';
import { AVATAR_SCALE, computeAvatarCrop } from './cropAvatar.ts';

describe('computeAvatarCrop', () => {
  it('takes the centred largest square at scale 1 and caps the output at 256 px', () => {
    expect(computeAvatarCrop(1000, 600, 1)).toEqual({ sx: 200, sy: 0, sourceSize: 600, outputSize: 256 });
  });
  it('zooms in at scale 2 (a square half as wide, still centred)', () => {
    expect(computeAvatarCrop(400, 400, 2)).toEqual({ sx: 100, sy: 100, sourceSize: 200, outputSize: 200 });
  });
  it('keeps a small picture at its own size and clamps the scale to 1..2', () => {
    expect(computeAvatarCrop(100, 80, 0.5)).toEqual({ sx: 10, sy: 0, sourceSize: 80, outputSize: 80 });
    expect(computeAvatarCrop(100, 100, 5).sourceSize).toBe(50);
    expect(AVATAR_SCALE).toEqual({ min: 1, max: 2, step: 0.1, initial: 1 });
  });
});
