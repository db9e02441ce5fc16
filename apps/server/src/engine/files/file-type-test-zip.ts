import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Test-only ZIP writing: well-formed archives, real OOXML packages, and the hostile ones (lying sizes, zip
 * bombs) that the content checks and the spreadsheet import must refuse.
 */

/** Deflated data with the size and CRC of what it inflates to. */
export interface DeflatedData {
  data: Buffer;
  size: number;
  crc: number;
}

export interface TestZipEntry {
  name: string;
  /** The entry's content, deflated (or stored with `stored`)… */
  content?: Buffer | string;
  /** …or already deflated data (a bomb built by repeatedDeflate). */
  deflated?: DeflatedData;
  stored?: boolean;
  /** The uncompressed size written in the headers instead of the real one (a lying archive). */
  declaredSize?: number;
  /**
   * Sizes and CRC after the data in a data descriptor (flag bit 3), the local header's left zero, as
   * LibreOffice and Apache POI write them.
   */
  descriptor?: boolean;
}

/** A ZIP archive of the entries, in order (local headers, then the central directory). */
export function buildZip(entries: readonly TestZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = entry.content === undefined ? undefined : Buffer.from(entry.content);
    const stored = entry.stored === true && raw !== undefined;
    const deflated: DeflatedData = entry.deflated ?? {
      data: stored ? raw! : deflateRawSync(raw ?? Buffer.alloc(0)),
      size: raw?.length ?? 0,
      crc: crc32(raw ?? Buffer.alloc(0)),
    };
    const size = entry.declaredSize ?? deflated.size;
    const flags = entry.descriptor ? 0x0808 : 0x0800;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(stored ? 0 : 8, 8);
    if (!entry.descriptor) {
      header.writeUInt32LE(deflated.crc >>> 0, 14);
      header.writeUInt32LE(deflated.data.length, 18);
      header.writeUInt32LE(size, 22);
    }
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, deflated.data);
    let descriptorLength = 0;
    if (entry.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(deflated.crc >>> 0, 4);
      descriptor.writeUInt32LE(deflated.data.length, 8);
      descriptor.writeUInt32LE(size, 12);
      locals.push(descriptor);
      descriptorLength = descriptor.length;
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt32LE(deflated.crc >>> 0, 16);
    central.writeUInt32LE(deflated.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.data.length + descriptorLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `head`, then `unit` repeated `times`, then `tail`, deflated without ever holding the whole: each piece is a
 * self-contained run of deflate blocks (a full flush), so the unit's blocks can be repeated as they are. 400 MB
 * of one letter deflate to about 400 KB this way.
 */
export function repeatedDeflate(head: string, unit: Buffer, times: number, tail: string): DeflatedData {
  const flushed = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH });
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  const unitBlocks = flushed(unit);
  let crc = crc32(headBytes);
  for (let index = 0; index < times; index += 1) crc = crc32(unit, crc);
  crc = crc32(tailBytes, crc);
  return {
    data: Buffer.concat([flushed(headBytes), ...Array(times).fill(unitBlocks), deflateRawSync(tailBytes)]),
    size: headBytes.length + unit.length * times + tailBytes.length,
    crc,
  };
}

const CONTENT_TYPES_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>';

/** [Content_Types].xml with these Override (part name → type) and extra Default (extension → type) lines. */
export function contentTypesXml(
  overrides: Record<string, string>,
  defaults: Record<string, string> = {},
): string {
  const lines = [
    ...Object.entries(defaults).map(([ext, type]) => `<Default Extension="${ext}" ContentType="${type}"/>`),
    ...Object.entries(overrides).map(
      ([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`,
    ),
  ];
  return `${CONTENT_TYPES_HEAD}${lines.join('')}</Types>`;
}

export const DOCUMENT_MAIN =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
export const WORKBOOK_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** A minimal real .docx: content types, package relationships and the main document part. */
export function minimalDocx(
  extra: readonly TestZipEntry[] = [],
  defaults: Record<string, string> = {},
): Buffer {
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: contentTypesXml({ '/word/document.xml': DOCUMENT_MAIN }, defaults),
    },
    {
      name: '_rels/.rels',
      content:
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      content:
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Parecer</w:t></w:r></w:p></w:body></w:document>',
    },
    ...extra,
  ]);
}

/** The MZ header of a Windows executable, enough for any content sniffing. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(120),
]);

/**
 * The archive with one more local entry placed before the central directory but not listed in it: a reader
 * walking the local headers (ExcelJS's streaming unzip) would meet it, one reading the directory would not.
 */
export function withHiddenEntry(zip: Buffer, hidden: Buffer): Buffer {
  const end = zip.length - 22;
  const directoryOffset = zip.readUInt32LE(end + 16);
  const directory = zip.subarray(directoryOffset, end);
  const eocd = Buffer.from(zip.subarray(end));
  eocd.writeUInt32LE(directoryOffset + hidden.length, 16);
  return Buffer.concat([zip.subarray(0, directoryOffset), hidden, directory, eocd]);
}
