/** Spec §2.10 / §9: the avatar scale goes from 1 to 2 in steps of 0.1, starting at 1. */
export const AVATAR_SCALE = { min: 1, max: 2, step: 0.1, initial: 1 } as const;
/** The saved avatar is a square of at most this many pixels. */
export const AVATAR_MAX_SIZE = 256;

export interface AvatarCrop {
  sx: number;
  sy: number;
  sourceSize: number;
  outputSize: number;
}

/**
 * The centred square of the picture that the editor shows: at scale 1 the largest square that fits, at scale s
 * a square 1/s as wide (zoomed in). The output is that square, no larger than 256 px.
 */
export function computeAvatarCrop(width: number, height: number, scale: number): AvatarCrop {
  const clamped = Math.min(AVATAR_SCALE.max, Math.max(AVATAR_SCALE.min, scale));
  const sourceSize = Math.min(width, height) / clamped;
  return {
    sx: (width - sourceSize) / 2,
    sy: (height - sourceSize) / 2,
    sourceSize,
    outputSize: Math.max(1, Math.round(Math.min(AVATAR_MAX_SIZE, sourceSize))),
  };
}

/** Draws the crop into a canvas and returns it as a PNG data URL; null where canvas is unavailable. */
export function cropAvatar(image: HTMLImageElement, scale: number): string | null {
  const crop = computeAvatarCrop(image.naturalWidth, image.naturalHeight, scale);
  const canvas = document.createElement('canvas');
  canvas.width = crop.outputSize;
  canvas.height = crop.outputSize;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(
    image,
    crop.sx,
    crop.sy,
    crop.sourceSize,
    crop.sourceSize,
    0,
    0,
    crop.outputSize,
    crop.outputSize,
  );
  return canvas.toDataURL('image/png');
}
