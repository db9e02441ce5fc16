/**
 * Avatar pictures arrive as data:image URLs. They are checked by content (the magic numbers and the header of a
 * PNG, JPEG or WebP file), not by the declared type, and by size: decoded bytes and pixel dimensions. The web app
 * crops to 256 px before sending, so a larger picture is refused rather than resized (no native image library).
 */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_MAX_PIXELS = 256;

export type AvatarType = 'image/png' | 'image/jpeg' | 'image/webp';

export type AvatarCheck =
  | { ok: true; dataUrl: string; type: AvatarType; width: number; height: number }
  | { ok: false; reason: 'invalid' | 'too-large' };

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/\s]*={0,2})$/;

export function checkAvatar(value: string): AvatarCheck {
  const match = DATA_URL.exec(value);
  if (!match) return { ok: false, reason: 'invalid' };
  const base64 = match[2]!.replace(/\s+/g, '');
  // Cheaper than decoding a huge string only to refuse it: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) > AVATAR_MAX_BYTES + 2) return { ok: false, reason: 'too-large' };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) return { ok: false, reason: 'invalid' };
  if (bytes.length > AVATAR_MAX_BYTES) return { ok: false, reason: 'too-large' };
  const image = readImageHeader(bytes);
  if (!image) return { ok: false, reason: 'invalid' };
  if (image.width > AVATAR_MAX_PIXELS || image.height > AVATAR_MAX_PIXELS)
    return { ok: false, reason: 'too-large' };
  // Stored with the type found in the content and canonical base64.
  return { ok: true, dataUrl: `data:${image.type};base64,${bytes.toString('base64')}`, ...image };
}

interface ImageHeader {
  type: AvatarType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type and dimensions from the file's own header; null when it is none of the three formats. */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return positive('image/png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return readJpeg(bytes);
  if (
    bytes.length >= 30 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return readWebp(bytes);
  }
  return null;
}

function positive(type: AvatarType, width: number, height: number): ImageHeader | null {
  return width > 0 && height > 0 ? { type, width, height } : null;
}

/** Walks the JPEG segments up to the first start-of-frame, which holds the dimensions. */
function readJpeg(bytes: Buffer): ImageHeader | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      if (offset + 9 > bytes.length) return null;
      return positive('image/jpeg', bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}

function readWebp(bytes: Buffer): ImageHeader | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), then the key-frame start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return positive('image/webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return positive('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    return positive('image/webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}
