import { createInflateRaw } from 'node:zlib';
import { AppError } from '../../infra/http/app-error.ts';
import {
  entryData,
  readZipEntries,
  type ZipEntry,
  ZipUnreadable,
  zipEntryCount,
} from '../files/zip-archive.ts';
import { type ImportLimits, importLimitExceeded, RATIO_CHECKED_FROM_BYTES } from './import-limits.ts';

/*
 * The gate every imported .xlsx passes before a reader (the fast one or ExcelJS) sees it: a zip bomb — a huge
 * part, a huge cell, thousands of entries — is refused here, having cost at most a few chunks of inflating.
 *
 * 1. The central directory: entry count, then the declared sizes (total and ratio of each part).
 * 2. The local headers must tile the file exactly as the directory says (zip-archive.ts): ExcelJS's streaming
 *    unzip walks them, so it meets no entry that was not checked here.
 * 3. Every part is inflated as a stream and counted: it must give exactly its declared size (never more: the
 *    stream stops there), so what the readers inflate later is what was checked. The parts the readers parse
 *    as XML are scanned on the way for text too long to be a cell (no '<' or '>' for many bytes), and the
 *    shared strings are counted.
 */

/** Parts either reader parses as XML (exceljs/lib/stream/xlsx/workbook-reader.js; the fast reader reads fewer). */
const FIXED_PARSED_PARTS = new Set([
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
]);
const PARSED_PART = /xl\/worksheets\/(?:_rels\/)?sheet\d+[.]xml/;

const isParsedPart = (name: string) => FIXED_PARSED_PARTS.has(name) || PARSED_PART.test(name);

/**
 * The longest run of bytes without '<' or '>' a parsed part may have: a cell's text of maxCellChars characters
 * in UTF-8, escaped (`&amp;` is 5 bytes for one character). The readers check the exact character count.
 */
const BYTES_PER_CELL_CHAR = 6;
const INFLATE_CHUNK_BYTES = 64 * 1024;

const LT = 0x3c;
const GT = 0x3e;

const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
/** Bytes that may follow `<si` when it is the element (not `<sid…`): '>', '/', and XML white space. */
const AFTER_ELEMENT_NAME = new Set([0x3e, 0x2f, 0x20, 0x09, 0x0a, 0x0d]);

/** Counts the `<si` elements (shared strings) across the chunks of the shared strings part. */
class ElementCounter {
  count = 0;
  private tail = Buffer.alloc(0);

  feed(chunk: Buffer): void {
    // An element name may be cut between two chunks: the last bytes of the one before are searched again.
    const text = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    let searchedTo = 0;
    for (let at = text.indexOf('<si'); at >= 0 && at + 3 < text.length; at = text.indexOf('<si', at + 3)) {
      if (AFTER_ELEMENT_NAME.has(text[at + 3]!)) this.count += 1;
      searchedTo = at + 4;
    }
    // Keep the last 3 bytes (a '<si' whose next byte is in the next chunk), unless already counted.
    this.tail = Buffer.from(text.subarray(Math.max(searchedTo, text.length - 3)));
  }
}

/** The first '<' or '>' at or after `from`, or -1. */
function nextDelimiter(chunk: Buffer, from: number): number {
  const lt = chunk.indexOf(LT, from);
  const gt = chunk.indexOf(GT, from);
  if (lt < 0) return gt;
  return gt < 0 ? lt : Math.min(lt, gt);
}

/** Measures the runs of bytes between markup delimiters across the chunks of one part. */
class RunMeter {
  private run = 0;
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** False as soon as a run is longer than the maximum. */
  feed(chunk: Buffer): boolean {
    const first = nextDelimiter(chunk, 0);
    if (first < 0) {
      this.run += chunk.length;
      return this.run <= this.max;
    }
    if (this.run + first > this.max) return false;
    let last = Math.max(chunk.lastIndexOf(LT), chunk.lastIndexOf(GT));
    // A chunk longer than the maximum may hold a long run between two delimiters: walk them.
    if (chunk.length > this.max) {
      for (
        let at = first, next = nextDelimiter(chunk, first + 1);
        next >= 0;
        at = next, next = nextDelimiter(chunk, at + 1)
      ) {
        if (next - at - 1 > this.max) return false;
        last = next;
      }
    }
    this.run = chunk.length - last - 1;
    return this.run <= this.max;
  }
}

const damaged = (cause?: unknown) => new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, { cause });

/** Inflates one part as a stream, refusing it when it gives other than its declared size or a too long run. */
function checkPart(content: Buffer, entry: ZipEntry, limits: ImportLimits): Promise<void> {
  const data = entryData(content, entry);
  const meter = isParsedPart(entry.name) ? new RunMeter(limits.maxCellChars * BYTES_PER_CELL_CHAR) : null;
  const strings = entry.name === SHARED_STRINGS_PART ? new ElementCounter() : null;
  /** The limit a chunk breaks, or null. */
  const refusal = (chunk: Buffer) => {
    if (meter && !meter.feed(chunk)) return importLimitExceeded('cellLength', limits);
    strings?.feed(chunk);
    if (strings && strings.count > limits.maxSharedStrings)
      return importLimitExceeded('sharedStrings', limits);
    return null;
  };
  if (entry.method === 0) {
    if (data.length !== entry.size) return Promise.reject(damaged());
    const refused = refusal(data);
    return refused ? Promise.reject(refused) : Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES });
    let produced = 0;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error === undefined) resolve();
      else {
        inflater.destroy();
        reject(error);
      }
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      produced += chunk.length;
      // More than declared: a lying archive; the stream stops here rather than inflate on.
      if (produced > entry.size) settle(damaged());
      else {
        const refused = refusal(chunk);
        if (refused) settle(refused);
      }
    });
    inflater.on('error', (error) => settle(damaged(error)));
    inflater.on('end', () => settle(produced === entry.size ? undefined : damaged()));
    inflater.end(data);
  });
}

/**
 * Refuses (413 IMPORT_LIMIT_EXCEEDED naming the limit, or 415 for a damaged or unsupported ZIP) an .xlsx that
 * breaks a limit, before any reader sees it. Inflates each part once as a stream, keeping nothing.
 */
export async function checkWorkbookArchive(content: Buffer, limits: ImportLimits): Promise<void> {
  let entries: ZipEntry[];
  try {
    if (zipEntryCount(content) > limits.maxEntries) throw importLimitExceeded('entries', limits);
    entries = readZipEntries(content);
  } catch (error) {
    if (error instanceof ZipUnreadable) throw damaged(error);
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > limits.maxUncompressedBytes) throw importLimitExceeded('uncompressedSize', limits);
    if (
      entry.size >= RATIO_CHECKED_FROM_BYTES &&
      entry.size > entry.compressedSize * limits.maxCompressionRatio
    )
      throw importLimitExceeded('compressionRatio', limits);
  }
  for (const entry of entries) await checkPart(content, entry, limits);
}
