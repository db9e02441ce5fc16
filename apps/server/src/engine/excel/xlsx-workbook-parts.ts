import { scanXml } from './xml-scanner.ts';

/** The workbook parts the fast sheet reader needs besides the sheet: shared strings and date styles. */

/** ExcelJS's shared-strings parse (workbook-reader.js _parseSharedStrings), only what the import uses. */
export function readSharedStrings(xml: string): unknown[] {
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
export function readDateStyles(xml: string): Set<number> {
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
