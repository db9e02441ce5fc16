import {
  columnWidthRange,
  defaultColumnWidth,
  type FieldType,
  ROW_MARKER_COLUMN_WIDTHS,
} from '@der/contracts';

export { columnWidthRange, type WidthRange } from '@der/contracts';

/**
 * The CSS width of a column: the definition's own width when it has one (the server sends the §9 default
 * otherwise), never narrower than the type's minimum unless the definition asks for it.
 */
export function columnWidthOf(column: {
  type: FieldType;
  columnWidth?: number | null;
  dateTimeFormatType?: number | null;
}): { width: number; minWidth: number } {
  const width = column.columnWidth || defaultColumnWidth(column.type, column.dateTimeFormatType ?? null);
  return { width, minWidth: Math.min(width, columnWidthRange(column.type).min) };
}

/** Spec §9: the attachment marker column is 90 px wide, the digital content one 120 px. */
export const ATTACHMENT_COLUMN_WIDTH = ROW_MARKER_COLUMN_WIDTHS.HasAttachment;
export const DIGITAL_CONTENT_COLUMN_WIDTH = ROW_MARKER_COLUMN_WIDTHS.HasDigitalContent;
