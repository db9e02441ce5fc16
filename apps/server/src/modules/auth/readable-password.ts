import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I, 2/Z, 5/S: read from an e-mail and typed by hand. 50 symbols × 12 ≈ 67 bits.
const READABLE_ALPHABET = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY346789';

/** 12 characters in three groups of four (about 67 bits), e.g. `k7Hq-m3Wd-x9Pa`. */
export function readablePassword(): string {
  const chars = Array.from({ length: 12 }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}
