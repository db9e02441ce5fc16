import { FastSheetUnsupported, unsupported } from './fast-sheet-unsupported.ts';
import { readDateStyles, readSharedStrings } from './xlsx-workbook-parts.ts';
import { entryText, type ZipEntry, zipEntries } from './xlsx-zip.ts';
import { type XmlHandler, XmlScanner } from './xml-scanner.ts';

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
