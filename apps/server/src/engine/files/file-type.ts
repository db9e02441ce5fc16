import type { StoredMediaType } from '@der/contracts';
import { DOCX, officeTypeOf, XLSX } from './file-type-ooxml.ts';

/*
 * Finds a file's media type from its first bytes (magic numbers), never from the name or the type the browser
 * declared: an executable renamed `.pdf` is refused. Only the kinds forms accept are known; everything else
 * (executables, archives, scripts, unknown binaries) answers null.
 */

function startsWith(content: Buffer, signature: readonly number[], offset = 0): boolean {
  if (content.length < offset + signature.length) return false;
  return signature.every((byte, index) => content[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

// C1 positions Windows-1252 leaves undefined: a byte there means binary, not a Latin-1 CSV from Excel.
const UNDEFINED_CP1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Text: valid UTF-8, or Windows-1252 (what Excel in pt-BR saves as CSV), without control characters besides
 * tab, line feed, form feed and carriage return. A script (`#!`) is refused: it is meant to be executed.
 */
function isText(content: Buffer): boolean {
  if (content.length === 0) return false;
  if (startsWith(content, ascii('#!'))) return false;
  for (const byte of content) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return !content.some((byte) => UNDEFINED_CP1252.has(byte));
  }
}

/** The media type of `content`, or null when it is not one forms may store. `fileName` only tells CSV from text. */
export function mediaTypeOf(content: Buffer, fileName: string): StoredMediaType | null {
  if (startsWith(content, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, ascii('GIF87a')) || startsWith(content, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return 'image/webp';
  // A ZIP is accepted only as a real DOCX/XLSX package (file-type-ooxml.ts); any other archive is refused.
  if (startsWith(content, [0x50, 0x4b, 0x03, 0x04])) return officeTypeOf(content);
  if (isText(content)) return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
  return null;
}

/** The extension a stored name must end with for its type (the first one is added when it does not). */
export const EXTENSIONS: Record<StoredMediaType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg', '.jfif'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  [DOCX]: ['.docx'],
  [XLSX]: ['.xlsx'],
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.text', '.log', '.md', '.json', '.xml'],
};
