import { assertNever } from '@der/contracts';
import { parseNumericInput } from '../../../features/runtime/format/numericInput.ts';
import type { DataTableColumn } from './dataTableTypes.ts';

/**
 * How a cell is edited in the grid. Spec §3 lists the inline-editable kinds (Text, MaskedText, Integer,
 * Decimal, Percentile, Currency, Boolean, Image, Picklist, User, Component, Phone); Date, DateTime, RichText,
 * attachments and the other kinds open the item's form instead.
 */
export type InlineEditKind = 'text' | 'integer' | 'decimal' | 'boolean' | 'choice';

export function inlineEditKindOf(column: DataTableColumn): InlineEditKind | null {
  const { type } = column;
  switch (type) {
    case 'STRING':
      return 'text';
    case 'INTEGER':
      return 'integer';
    case 'DECIMAL':
    case 'PERCENTILE':
    case 'CURRENCY':
      return 'decimal';
    case 'BOOLEAN':
      return 'boolean';
    case 'PICKLIST':
      return 'choice';
    case 'USERS':
    case 'GENERIC_ITEM_TYPE':
      // User and Component kinds: chosen among the column's items (the grid has no search chooser).
      return column.items.length > 0 ? 'choice' : null;
    case 'RICH_TEXT':
    case 'DURATION':
    case 'DATE_TIME':
    case 'ITEM_TYPE_STATUS':
    case 'USERS_OR_GROUPS':
    case 'GROUPS':
    case 'COMPANY':
    case 'PROJECT':
    case 'CALENDAR':
    case 'ORGANIZATIONAL_STRUCTURE':
    case 'RESOURCES':
    case 'BINARY':
    case 'SVN_FILES':
    case 'CVS_FILES':
      return null;
    default:
      return assertNever(type);
  }
}

/** Whether the grid offers editing of this column: configured for it (editInGrid) and of an inline kind. */
export function isEditableInGrid(column: DataTableColumn): boolean {
  return column.editInGrid && inlineEditKindOf(column) !== null;
}

/**
 * The value an editor's text stands for, as the item stores it: null clears the field; undefined means the
 * text is not a value of the column (an unfinished number), so nothing is saved.
 */
export function editedValueOf(column: DataTableColumn, text: string): unknown {
  const kind = inlineEditKindOf(column);
  switch (kind) {
    case 'text':
      return text.trim() === '' ? null : text;
    case 'integer':
    case 'decimal': {
      if (text.trim() === '') return null;
      return parseNumericInput(text) ?? undefined;
    }
    case 'boolean':
      return text === '' ? null : text === 'true';
    case 'choice':
      if (text === '') return null;
      return column.type === 'PICKLIST' ? text : /^\d+$/.test(text) ? Number(text) : text;
    case null:
      return undefined;
    default:
      return assertNever(kind);
  }
}

/** Columns a bulk update may set: configured fields of an inline kind (system fields change by workflow). */
export function bulkEditableColumns(columns: readonly DataTableColumn[]): DataTableColumn[] {
  return columns.filter((column) => !column.system && inlineEditKindOf(column) !== null);
}
