import {
  assertNever,
  type ColumnDefinition,
  type FieldNumberFormat,
  fieldTypeTraits,
  type Language,
  type ListRow,
  type SystemFieldKey,
} from '@der/contracts';
import { toSaoPauloWallClock } from './sao-paulo-time.ts';

/**
 * Spreadsheet formula injection (CSV/XLSX injection): a text starting with = + - @ tab or CR could run as a
 * formula once the sheet is re-saved or opened as CSV. Such texts are written with a leading apostrophe, the
 * spreadsheet convention for "this is text"; the import removes it again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text as typed, without the apostrophe an export put in front of a formula-like text. */
export function restoreNeutralized(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export const BOOLEAN_TEXT: Record<Language, { yes: string; no: string }> = {
  'pt-BR': { yes: 'Sim', no: 'Não' },
  en: { yes: 'Yes', no: 'No' },
};

/** Spec §9 spreadsheet formats of the number formats (BRL currency, percent and hours suffixes). */
const SHEET_NUMBER_FORMATS: Readonly<Record<FieldNumberFormat, string>> = {
  integer: '0',
  decimal: '#,##0.00',
  currency: 'R$ #,##0.00',
  percent: '0.00"%"',
  duration: '0.00" hrs"',
};

/** How a column's cells are formatted in Excel (spec §9: BRL currency, dates by format type 0–3). */
export function numberFormat(column: ColumnDefinition): string | undefined {
  const traits = fieldTypeTraits(column.type);
  if (traits.number !== null) return SHEET_NUMBER_FORMATS[traits.number];
  if (traits.sheetCell !== 'instant') return undefined;
  switch (column.dateTimeFormatType) {
    case 1:
      return 'dd/mm/yyyy';
    case 2:
      return 'hh:mm';
    default:
      return 'dd/mm/yyyy hh:mm';
  }
}

export type CellValue = string | number | Date | null;

const text = (value: string | null | undefined): CellValue =>
  value === null || value === undefined || value === '' ? null : neutralizeFormula(value);
const joined = (row: ListRow, name: string): CellValue =>
  text((row.display[name] ?? []).map((entry) => entry.text).join(', '));
const instant = (iso: unknown): CellValue =>
  typeof iso === 'string' && iso !== '' ? toSaoPauloWallClock(new Date(iso)) : null;

function systemCell(key: SystemFieldKey, row: ListRow): CellValue {
  switch (key) {
    case 'ID':
      return row.ID;
    case 'FormattedID':
      return text(row.FormattedID);
    case 'Parent':
      return joined(row, 'Parent');
    case 'Title':
      return text(row.Title);
    case 'CreationDate':
      return instant(row.CreationDate);
    case 'ProjectName':
      return text(row.ProjectName);
    case 'ProjectManager':
      return text(row.ProjectManager);
    case 'CreatorName':
      return text(row.CreatorName);
    case 'StatusName':
      return text(row.StatusName);
    case 'LastModify':
      return instant(row.LastModify);
    case 'ModifierName':
      return text(row.ModifierName);
    case 'Version':
      return row.Version;
    case 'ResponsibleName':
      return text(row.ResponsibleName);
    case 'Reason':
      return text(row.Reason);
    case 'Position':
      return row.Position;
    case 'DueDate':
      return instant(row.DueDate);
    default:
      return assertNever(key);
  }
}

/** RICH_TEXT is HTML: the sheet gets its text. */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * One typed cell of a list row: numbers as numbers, instants as São Paulo wall-clock dates, booleans as
 * Sim/Não, references and choices as their display texts; every text neutralised against formula injection.
 */
export function cellValue(column: ColumnDefinition, row: ListRow, language: Language): CellValue {
  if (column.system) return systemCell(column.name as SystemFieldKey, row);
  const value = row.values[column.name];
  if (value === null || value === undefined) return null;
  const cell = fieldTypeTraits(column.type).sheetCell;
  switch (cell) {
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return value === true ? BOOLEAN_TEXT[language].yes : value === false ? BOOLEAN_TEXT[language].no : null;
    case 'instant':
      return instant(value);
    case 'text':
      return text(String(value));
    case 'richText':
      return text(plainText(String(value)));
    case 'displayTexts':
      return joined(row, column.name);
    case 'fileCount':
      // File contents do not travel in spreadsheets: the sheet tells how many there are.
      return Array.isArray(value) ? value.length : null;
    case 'rowCount':
      // A table's rows do not fit one cell either: how many there are (the form shows them).
      return Array.isArray(value) ? value.length : null;
    default:
      return assertNever(cell);
  }
}
