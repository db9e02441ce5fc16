import { inflateRawSync } from 'node:zlib';
import { unsupported } from './fast-sheet-unsupported.ts';

/** The ZIP container of an .xlsx, read in memory for the fast sheet reader (import-sheet-reader.ts). */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The most a part may inflate to on the fast path, which holds it whole in memory: a 10 000-row sheet is
 * about 1 MB. Larger parts go to ExcelJS's streaming reader, under the import's row limit. A ZIP bomb never
 * gets here: import-archive-guard.ts refuses it before either reader runs, and checks that every part inflates
 * to exactly its declared size.
 */
const FAST_PART_MAX_BYTES = 64 * 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/** The archive's entries in the order they are stored (the order ExcelJS's streaming unzip meets them in). */
export function zipEntries(content: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let at = content.length - 22; at >= Math.max(0, content.length - 65_557); at -= 1) {
    if (content.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) unsupported('no end of central directory');
  const count = content.readUInt16LE(eocd + 10);
  let at = content.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) unsupported('zip64');
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== CENTRAL_SIGNATURE) unsupported('directory');
    const flags = content.readUInt16LE(at + 8);
    if (flags & 1) unsupported('encrypted');
    const nameLength = content.readUInt16LE(at + 28);
    const extraLength = content.readUInt16LE(at + 30);
    const commentLength = content.readUInt16LE(at + 32);
    entries.push({
      name: content.toString('utf8', at + 46, at + 46 + nameLength),
      method: content.readUInt16LE(at + 10),
      compressedSize: content.readUInt32LE(at + 20),
      size: content.readUInt32LE(at + 24),
      localOffset: content.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.sort((a, b) => a.localOffset - b.localOffset);
}

export function entryText(content: Buffer, entry: ZipEntry): string {
  const at = entry.localOffset;
  if (at + 30 > content.length || content.readUInt32LE(at) !== LOCAL_SIGNATURE) unsupported('local header');
  const start = at + 30 + content.readUInt16LE(at + 26) + content.readUInt16LE(at + 28);
  const data = content.subarray(start, start + entry.compressedSize);
  if (entry.size > FAST_PART_MAX_BYTES) unsupported('large part');
  const bytes = entry.method === 0 ? data : entry.method === 8 ? inflate(data) : unsupported('method');
  // UTF-16 parts exist in theory; the XML parser of ExcelJS copes with them, this reader leaves them to it.
  if (bytes[0] === 0xfe || bytes[0] === 0xff) unsupported('utf-16');
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // An XML parser turns CR LF into LF in text and refuses control characters; both are rare in a sheet, so
  // left to ExcelJS's parser.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters looked for.
  if (/[\x00-\x08\x0B\x0C\x0E-\x1F\r]/.test(text)) unsupported('carriage return or control character');
  return text;
}

function inflate(data: Buffer): Buffer {
  try {
    return inflateRawSync(data, { maxOutputLength: FAST_PART_MAX_BYTES });
  } catch {
    // Larger than announced, or damaged: ExcelJS decides what it makes of it.
    return unsupported('inflate');
  }
}
