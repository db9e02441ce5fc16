import { createHash, randomBytes } from 'node:crypto';

/**
 * A random, URL-safe token for single-use links (activation, password reset) and session ids.
 * 32 bytes = 256 bits: far beyond guessing, and short enough for an e-mailed link.
 */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16) throw new RangeError('randomToken needs at least 16 bytes');
  return randomBytes(bytes).toString('base64url');
}

/**
 * Hex SHA-256 of a text. Single-use tokens are stored only as this hash, so a leaked database row cannot be
 * replayed as a link; a plain (unsalted) hash is enough because the tokens themselves are 256-bit random.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
