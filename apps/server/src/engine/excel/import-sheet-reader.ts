import { inflateRawSync } from 'node:zlib';

/**
 * A fast reader of an import's first worksheet. ExcelJS's streaming reader spent about a third of a 10 000-row
 * import's time (issue 6 benchmark) in its SAX parser and cell model; this one unzips in one call and scans the
 * XML with a small tokenizer. It answers exactly what the ExcelJS reader answers (the same state machine as
 * exceljs/lib/stream/xlsx, quirks included, so both paths import a file the same way) and gives up on anything
 * it does not handle — formulas, row or column styles, the 1904 date system, ZIP64, CDATA, unknown entities,
 * parts over 64 MiB — which the caller then reads with ExcelJS.
 */

/** A worksheet row as ExcelJS gives it: its number and `row.values` (1-based, holes for empty cells). */
export interface FastSheetRow {
  number: number;
  values: unknown[];
}

/** Something the fast reader leaves to ExcelJS (see the module's comment). */
export class FastSheetUnsupported extends Error {}

const unsupported = (why: string): never => {
  throw new FastSheetUnsupported(why);
};

interface ZipEntry {
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
function zipEntries(content: Buffer): ZipEntry[] {
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

function entryText(content: Buffer, entry: ZipEntry): string {
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

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text or attribute value with its entities replaced, as the SAX parser hands them over. */
function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  const decoded = text.replace(ENTITY, (_match, name: string, decimal: string, hex: string) => {
    if (name) return NAMED[name]!;
    const code = decimal ? Number(decimal) : Number.parseInt(hex, 16);
    // Characters XML cannot carry (XML 1.0 `Char`: no surrogate halves, which jsonb refuses): the SAX parser's call.
    const isXmlChar =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    return isXmlChar ? String.fromCodePoint(code) : unsupported('character reference');
  });
  if (text.replace(ENTITY, '').includes('&')) unsupported('entity');
  return decoded;
}

/** ExcelJS's second decoding of `str` and `inlineStr` values (utils.xmlDecode): named entities only. */
function excelJsXmlDecode(text: string): string {
  return text.replace(/&([a-z]*);/g, (entity) => {
    switch (entity) {
      case '&lt;':
        return '<';
      case '&gt;':
        return '>';
      case '&amp;':
        return '&';
      case '&apos;':
        return "'";
      case '&quot;':
        return '"';
      default:
        return entity;
    }
  });
}

type Attributes = Record<string, string>;
interface XmlHandler {
  open(name: string, attributes: Attributes): void;
  text(text: string): void;
  close(name: string): void;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * A SAX-like pass over well-formed XML: open (self-closing tags also close), text inside the root, close. It
 * can stop after a closing tag and go on from there later, so a worksheet can be read a few rows at a time.
 */
class XmlScanner {
  private at = 0;
  private depth = 0;
  private readonly xml: string;

  constructor(xml: string) {
    this.xml = xml;
  }

  /** Scans on until the end, or until `pause` answers true after a closing tag. */
  scan(handler: XmlHandler, pause: () => boolean = () => false): void {
    const { xml } = this;
    while (this.at < xml.length) {
      const at = this.at;
      const lt = xml.indexOf('<', at);
      const end = lt < 0 ? xml.length : lt;
      if (end > at && this.depth > 0) handler.text(decodeXml(xml.slice(at, end)));
      if (lt < 0) {
        this.at = xml.length;
        break;
      }
      const next = xml.charCodeAt(lt + 1);
      if (next === 63 /* ? */) {
        const close = xml.indexOf('?>', lt);
        if (close < 0 || this.depth > 0) unsupported('processing instruction');
        this.at = close + 2;
        continue;
      }
      if (next === 33 /* ! */) unsupported('comment, CDATA or DOCTYPE');
      TAG.lastIndex = lt;
      const match = TAG.exec(xml);
      if (!match) unsupported('tag');
      this.at = TAG.lastIndex;
      const [, closing, name, attributeText, selfClosing] = match as unknown as string[];
      let closed = false;
      if (closing) {
        handler.close(name!);
        this.depth -= 1;
        closed = true;
      } else {
        const attributes: Attributes = {};
        if (attributeText) {
          for (const attribute of attributeText.matchAll(ATTRIBUTE))
            attributes[attribute[1]!] = decodeXml(attribute[2] ?? attribute[3] ?? '');
        }
        handler.open(name!, attributes);
        if (selfClosing) {
          handler.close(name!);
          closed = true;
        } else this.depth += 1;
      }
      if (closed && pause()) return;
    }
  }
}

function scanXml(xml: string, handler: XmlHandler): void {
  new XmlScanner(xml).scan(handler);
}

/** ExcelJS's shared-strings parse (workbook-reader.js _parseSharedStrings), only what the import uses. */
function readSharedStrings(xml: string): unknown[] {
  const strings: unknown[] = [];
  let text: string | null = null;
  let richText: Array<{ text: string | null }> = [];
  scanXml(xml, {
    open(name) {
      if (name === 'si') {
        richText = [];
        text = null;
      } else if (name === 't') text = null;
    },
    text(value) {
      text = text ? text + value : value;
    },
    close(name) {
      if (name === 'r') {
        richText.push({ text });
        text = null;
      } else if (name === 'si') {
        strings.push(richText.length ? { richText } : text);
        richText = [];
        text = null;
      }
    },
  });
  return strings;
}

/** Built-in number formats ExcelJS takes for dates (utils.isDateFmt over its defaultnumformats table). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Which cell style indexes (cellXfs) carry a date number format, as ExcelJS's style manager decides it. */
function readDateStyles(xml: string): Set<number> {
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let inFormats = false;
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attributes) {
      if (name === 'numFmts') inFormats = true;
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'numFmt' && inFormats)
        customFormats.set(Number.parseInt(attributes.numFmtId ?? '', 10), attributes.formatCode ?? '');
      else if (name === 'xf' && inCellXfs)
        formatIds.push(Number.parseInt(attributes.numFmtId ?? '0', 10) || 0);
    },
    text() {},
    close(name) {
      if (name === 'numFmts') inFormats = false;
      else if (name === 'cellXfs') inCellXfs = false;
    },
  });
  const dates = new Set<number>();
  formatIds.forEach((id, index) => {
    if (!id) return;
    const custom = customFormats.get(id);
    if (custom ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id)) dates.add(index);
  });
  return dates;
}

/** Column number of a cell reference ("AB12" → 28); NaN when it is not one. */
function columnOf(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index += 1) {
    const code = reference.charCodeAt(index);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 48 && code <= 57 && index > 0) return column;
    else return Number.NaN;
  }
  return Number.NaN;
}

/** ExcelJS's excelToDate (1900 date system). */
const excelToDate = (serial: number) => new Date(Math.round((serial - 25_569) * 24 * 3600 * 1000));

interface CellState {
  column: number;
  style: number;
  type: string | undefined;
  value: { text: string } | null;
}

/** Rows of a worksheet, a slice at a time: `next(max)` answers up to `max` rows, none at the end. */
export interface FastRowReader {
  next(max: number): FastSheetRow[];
}

/** ExcelJS's worksheet parse (worksheet-reader.js), for the sheets the fast path accepts. */
function rowReader(
  xml: string,
  sharedStrings: unknown[] | undefined,
  dateStyles: Set<number>,
): FastRowReader {
  const scanner = new XmlScanner(xml);
  let inRows = false;
  let row: FastSheetRow | null = null;
  let cell: CellState | null = null;
  let current: { text: string } | null = null;
  let ready: FastSheetRow[] = [];
  const handler: XmlHandler = {
    open(name, attributes) {
      switch (name) {
        case 'col':
          if (attributes.style !== undefined) unsupported('column style');
          break;
        case 'sheetData':
          inRows = true;
          break;
        case 'row':
          if (!inRows) break;
          if (attributes.s !== undefined) unsupported('row style');
          row = { number: Number.parseInt(attributes.r ?? '', 10), values: [] };
          if (Number.isNaN(row.number)) unsupported('row without number');
          break;
        case 'c':
          if (!row) break;
          cell = {
            column: columnOf(attributes.r ?? ''),
            style: Number.parseInt(attributes.s ?? '', 10),
            type: attributes.t,
            value: null,
          };
          if (Number.isNaN(cell.column)) unsupported('cell reference');
          break;
        case 'f':
          if (cell) unsupported('formula');
          break;
        case 'v':
        case 'is':
        case 't':
          if (cell) current = cell.value = { text: '' };
          break;
        default:
          break;
      }
    },
    text(value) {
      if (current) current.text += value;
    },
    close(name) {
      if (name === 'sheetData') inRows = false;
      else if (name === 'row' && row) {
        ready.push(row);
        row = null;
      } else if (name === 'c' && row && cell) {
        const value = cellValue(cell, sharedStrings, dateStyles);
        // ExcelJS leaves empty cells out of row.values (a hole, not null).
        if (value !== null && value !== undefined) row.values[cell.column] = value;
        cell = null;
      }
    },
  };
  return {
    next(max) {
      ready = [];
      scanner.scan(handler, () => ready.length >= max);
      return ready;
    },
  };
}

function cellValue(cell: CellState, sharedStrings: unknown[] | undefined, dateStyles: Set<number>): unknown {
  if (!cell.value) return null;
  const { text } = cell.value;
  switch (cell.type) {
    case 's': {
      const index = Number.parseInt(text, 10);
      return sharedStrings ? sharedStrings[index] : { sharedString: index };
    }
    case 'inlineStr':
    case 'str':
      return excelJsXmlDecode(text);
    case 'e':
      return { error: text };
    case 'b':
      return Number.parseInt(text, 10) !== 0;
    default:
      // A style index of 0 (or none) leaves the cell unstyled, as in ExcelJS (`if (c.s)`).
      return cell.style && dateStyles.has(cell.style)
        ? excelToDate(Number.parseFloat(text))
        : Number.parseFloat(text);
  }
}

const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;

/**
 * The first worksheet's rows as ExcelJS's streaming WorkbookReader emits them (a worksheet met before the
 * shared strings and the workbook relationships waits until every entry is read, as there), or null when this
 * reader leaves the file to ExcelJS. Reading on may still meet something it leaves to ExcelJS: `next` then
 * throws a FastSheetUnsupported, and the rows answered until then are to be forgotten.
 */
export function openFirstSheetFast(content: Buffer): FastRowReader | null {
  try {
    const entries = zipEntries(content);
    let sharedStrings: unknown[] | undefined;
    let hasRelationships = false;
    let dateStyles = new Set<number>();
    let chosen: ZipEntry | null = null;
    let waiting: ZipEntry | null = null;
    for (const entry of entries) {
      if (entry.name === 'xl/_rels/workbook.xml.rels') hasRelationships = true;
      else if (entry.name === 'xl/workbook.xml') {
        if (/date1904\s*=\s*["'](?:1|true)["']/.test(entryText(content, entry))) unsupported('1904 dates');
      } else if (entry.name === 'xl/sharedStrings.xml')
        sharedStrings = readSharedStrings(entryText(content, entry));
      else if (entry.name === 'xl/styles.xml') dateStyles = readDateStyles(entryText(content, entry));
      else if (WORKSHEET.test(entry.name)) {
        if (sharedStrings && hasRelationships) {
          chosen = entry;
          break;
        }
        waiting ??= entry;
      }
    }
    chosen ??= waiting;
    return chosen ? rowReader(entryText(content, chosen), sharedStrings, dateStyles) : { next: () => [] };
  } catch (error) {
    if (error instanceof FastSheetUnsupported) return null;
    throw error;
  }
}
