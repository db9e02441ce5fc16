import { assertNever, fieldTypeTraits } from '@der/contracts';
import { parseNumericInput } from '../../format/numericInput.ts';
import type { DataTableColumn } from './dataTableTypes.ts';

/**
 * How a cell is edited in the grid. Spec §3 lists the inline-editable kinds (Text, MaskedText, Integer,
 * Decimal, Percentile, Currency, Boolean, Image, Picklist, User, Component, Phone); Date, DateTime, RichText,
 * attachments and the other kinds open the item's form instead.
 */
export type InlineEditKind = 'text' | 'integer' | 'decimal' | 'boolean' | 'choice';

export function inlineEditKindOf(column: DataTableColumn): InlineEditKind | null {
  const editor = fieldTypeTraits(column.type).gridEditor;
  switch (editor) {
    case 'text':
    case 'integer':
    case 'decimal':
    case 'boolean':
    case 'choice':
      return editor;
    case 'listedChoice':
      // User and Component kinds: chosen among the column's items (the grid has no search chooser).
      return column.items.length > 0 ? 'choice' : null;
    case null:
      return null;
    default:
      return assertNever(editor);
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
