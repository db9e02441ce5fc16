import { constants, inflateRawSync } from 'node:zlib';

/*
 * The table of contents of a ZIP archive (an .xlsx, a .docx) read from its central directory, checked so that
 * a reader walking the local headers from the start (ExcelJS's streaming unzip) meets exactly the same entries:
 * no hidden, overlapping or misplaced ones. Nothing here inflates more than a caller asks for.
 */

/** One stored file of the archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only methods accepted). */
  method: number;
  compressedSize: number;
  /** The declared uncompressed size; inflating checks the data agrees with it. */
  size: number;
  localOffset: number;
  /** Where the entry's compressed data starts (after its local header). */
  dataOffset: number;
}

/** Why an archive cannot be read: not a ZIP, damaged, or a ZIP feature refused (ZIP64, encryption …). */
export class ZipUnreadable extends Error {}

const unreadable = (why: string): never => {
  throw new ZipUnreadable(why);
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
/** The end record is 22 bytes plus a comment of at most 65 535. */
const EOCD_MAX_DISTANCE = 22 + 0xffff;

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Where the end-of-central-directory record starts, or -1. */
function findEndRecord(content: Buffer): number {
  for (let at = content.length - 22; at >= Math.max(0, content.length - EOCD_MAX_DISTANCE); at -= 1) {
    if (content.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/** How many entries the central directory announces (read before walking it, to refuse too many at once). */
export function zipEntryCount(content: Buffer): number {
  const eocd = findEndRecord(content);
  if (eocd < 0) unreadable('no end of central directory');
  return content.readUInt16LE(eocd + 10);
}

/**
 * The archive's entries in the order they are stored. Refuses (ZipUnreadable) ZIP64, archives over several
 * disks, encrypted entries, methods other than stored and deflated, and any layout where the local headers
 * do not follow each other exactly as the central directory says, from offset 0 up to the directory itself.
 */
export function readZipEntries(content: Buffer): ZipEntry[] {
  if (content.length < 22 || !content.subarray(0, 4).equals(ZIP_SIGNATURE)) unreadable('not a zip');
  const eocd = findEndRecord(content);
  if (eocd < 0) unreadable('no end of central directory');
  const disk = content.readUInt16LE(eocd + 4);
  const directoryDisk = content.readUInt16LE(eocd + 6);
  const countOnDisk = content.readUInt16LE(eocd + 8);
  const count = content.readUInt16LE(eocd + 10);
  const directorySize = content.readUInt32LE(eocd + 12);
  const directoryOffset = content.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) unreadable('zip64');
  if (disk !== 0 || directoryDisk !== 0 || countOnDisk !== count) unreadable('multi-disk');
  if (directoryOffset + directorySize !== eocd) unreadable('central directory misplaced');

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > eocd || content.readUInt32LE(at) !== CENTRAL_SIGNATURE) unreadable('central directory');
    const flags = content.readUInt16LE(at + 8);
    if (flags & 0x41) unreadable('encrypted');
    const method = content.readUInt16LE(at + 10);
    if (method !== 0 && method !== 8) unreadable('compression method');
    const nameLength = content.readUInt16LE(at + 28);
    const extraLength = content.readUInt16LE(at + 30);
    const commentLength = content.readUInt16LE(at + 32);
    const localOffset = content.readUInt32LE(at + 42);
    const compressedSize = content.readUInt32LE(at + 20);
    const size = content.readUInt32LE(at + 24);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      unreadable('zip64');
    if (at + 46 + nameLength > eocd) unreadable('central directory');
    const name = content.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, size, localOffset, dataOffset: 0 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== eocd) unreadable('central directory size');

  entries.sort((a, b) => a.localOffset - b.localOffset);
  // The local headers must tile the file from 0 to the directory: a streaming reader then sees these entries.
  let expected = 0;
  const names = new Set<string>();
  for (const entry of entries) {
    if (names.has(entry.name)) unreadable('duplicate entry');
    names.add(entry.name);
    const local = entry.localOffset;
    if (local !== expected || local + 30 > directoryOffset || content.readUInt32LE(local) !== LOCAL_SIGNATURE)
      unreadable('local header');
    const flags = content.readUInt16LE(local + 6);
    const nameLength = content.readUInt16LE(local + 26);
    const extraLength = content.readUInt16LE(local + 28);
    if (content.toString('utf8', local + 30, local + 30 + nameLength) !== entry.name)
      unreadable('local name');
    if (content.readUInt16LE(local + 8) !== entry.method) unreadable('local method');
    const hasDescriptor = (flags & 0x08) !== 0;
    if (
      !hasDescriptor &&
      (content.readUInt32LE(local + 18) !== entry.compressedSize ||
        content.readUInt32LE(local + 22) !== entry.size)
    )
      unreadable('local sizes');
    entry.dataOffset = local + 30 + nameLength + extraLength;
    let end = entry.dataOffset + entry.compressedSize;
    if (end > directoryOffset) unreadable('entry data');
    if (hasDescriptor)
      end += end + 4 <= directoryOffset && content.readUInt32LE(end) === DESCRIPTOR_SIGNATURE ? 16 : 12;
    expected = end;
  }
  if (expected !== directoryOffset) unreadable('data between entries');
  return entries;
}

/** The entry's compressed bytes. */
export function entryData(content: Buffer, entry: ZipEntry): Buffer {
  return content.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
}

/** What inflating the first bytes of deflated data may give at most (deflate expands 1 032 times at most). */
const DEFLATE_MAX_RATIO = 1032;

/**
 * The start of the entry's content: what its first `compressedBytes` compressed bytes inflate to (at most about
 * a thousand times that). For sniffing what a part is without inflating it whole.
 */
export function inflateEntryHead(content: Buffer, entry: ZipEntry, compressedBytes = 1024): Buffer {
  const data = entryData(content, entry).subarray(0, compressedBytes);
  if (entry.method === 0) return data;
  try {
    return inflateRawSync(data, {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: (compressedBytes + 1) * DEFLATE_MAX_RATIO,
    });
  } catch {
    return unreadable('damaged entry');
  }
}

/** The whole content of a small entry; refused when it declares or inflates to more than `maxBytes`, or lies. */
export function inflateSmallEntry(content: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  if (entry.size > maxBytes) unreadable('entry too large');
  const data = entryData(content, entry);
  let bytes: Buffer;
  try {
    bytes = entry.method === 0 ? data : inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    // Larger than maxBytes whatever it declared, or damaged.
    return unreadable('damaged or too large entry');
  }
  if (bytes.length !== entry.size) unreadable('size differs from the declared one');
  return bytes;
}
