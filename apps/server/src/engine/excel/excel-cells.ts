import {
  assertNever,
  type ColumnDefinition,
  type FieldType,
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

/** How a column's cells are formatted in Excel (spec §9: BRL currency, dates by format type 0–3). */
export function numberFormat(column: ColumnDefinition): string | undefined {
  const type: FieldType = column.type;
  switch (type) {
    case 'INTEGER':
      return '0';
    case 'DECIMAL':
      return '#,##0.00';
    case 'CURRENCY':
      return 'R$ #,##0.00';
    case 'PERCENTILE':
      return '0.00"%"';
    case 'DURATION':
      return '0.00" hrs"';
    case 'DATE_TIME':
      switch (column.dateTimeFormatType) {
        case 1:
          return 'dd/mm/yyyy';
        case 2:
          return 'hh:mm';
        default:
          return 'dd/mm/yyyy hh:mm';
      }
    case 'STRING':
    case 'RICH_TEXT':
    case 'BOOLEAN':
    case 'PICKLIST':
    case 'ITEM_TYPE_STATUS':
    case 'USERS':
    case 'USERS_OR_GROUPS':
    case 'GROUPS':
    case 'COMPANY':
    case 'PROJECT':
    case 'CALENDAR':
    case 'ORGANIZATIONAL_STRUCTURE':
    case 'RESOURCES':
    case 'GENERIC_ITEM_TYPE':
    case 'BINARY':
    case 'SVN_FILES':
    case 'CVS_FILES':
      return undefined;
    default:
      return assertNever(type);
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
  const type: FieldType = column.type;
  switch (type) {
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY':
    case 'PERCENTILE':
    case 'DURATION':
      return typeof value === 'number' ? value : null;
    case 'BOOLEAN':
      return value === true ? BOOLEAN_TEXT[language].yes : value === false ? BOOLEAN_TEXT[language].no : null;
    case 'DATE_TIME':
      return instant(value);
    case 'STRING':
      return text(String(value));
    case 'RICH_TEXT':
      return text(plainText(String(value)));
    case 'PICKLIST':
    case 'ITEM_TYPE_STATUS':
    case 'USERS':
    case 'USERS_OR_GROUPS':
    case 'GROUPS':
    case 'COMPANY':
    case 'PROJECT':
    case 'CALENDAR':
    case 'ORGANIZATIONAL_STRUCTURE':
    case 'RESOURCES':
    case 'GENERIC_ITEM_TYPE':
      return joined(row, column.name);
    case 'BINARY':
    case 'SVN_FILES':
    case 'CVS_FILES':
      // File contents do not travel in spreadsheets: the sheet tells how many there are.
      return Array.isArray(value) ? value.length : null;
    default:
      return assertNever(type);
  }
}
