import { assertNever, type ColumnDefinition, type DateTimeFormatType } from '@der/contracts';
import { type CellChoice, formatChoices, resolveChoices } from './choiceValues.ts';
import { formatBoolean } from './formatBoolean.ts';
import type { FormatContext } from './formatContext.ts';
import { formatDateTime } from './formatDateTime.ts';
import {
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatInteger,
  formatPercent,
} from './formatNumber.ts';

/** What a formatter reads of a column definition. */
export type FormattedColumn = Pick<
  ColumnDefinition,
  'type' | 'items' | 'dateTimeFormatType' | 'dateTimeFormat' | 'decimals'
>;

export function toDateTimeFormatType(value: number | null | undefined): DateTimeFormatType {
  return value === 0 || value === 1 || value === 2 || value === 3 ? value : 1;
}

/** Rich text shown in a grid cell, CSV or print: its words without the markup. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A cell's value as plain text, by the column's field type (spec §9 formats). The grid shows richer cells for
 * some types (chips, avatars) but their text is this one; CSV downloads and prints use it as is.
 */
export function formatCellText(
  column: FormattedColumn,
  value: unknown,
  display: readonly CellChoice[] | undefined,
  context: FormatContext,
): string {
  const { type } = column;
  switch (type) {
    case 'STRING':
      return value === null || value === undefined ? '' : String(value);
    case 'RICH_TEXT':
      return typeof value === 'string' ? stripHtml(value) : '';
    case 'INTEGER':
      return formatInteger(value, context.language);
    case 'DECIMAL':
      return formatDecimal(value, context.language, column.decimals ?? 2);
    case 'CURRENCY':
      return formatCurrency(value);
    case 'PERCENTILE':
      return formatPercent(value, context.language);
    case 'DURATION':
      return formatDuration(value, context.language);
    case 'BOOLEAN':
      return formatBoolean(value, context);
    case 'DATE_TIME':
      return formatDateTime(
        value,
        toDateTimeFormatType(column.dateTimeFormatType),
        context.language,
        column.dateTimeFormat ?? undefined,
      );
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
      return formatChoices(resolveChoices(value, display, column.items));
    default:
      return assertNever(type);
  }
}
