import {
  assertNever,
  type ColumnDefinition,
  type DateTimeFormatType,
  type FieldNumberFormat,
  fieldTypeTraits,
  tableRowsOf,
} from '@der/contracts';
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

/** A number as spec §9 shows its format (decimals as the column says, currency in BRL). */
function formatNumberText(
  format: FieldNumberFormat,
  column: FormattedColumn,
  value: unknown,
  context: FormatContext,
): string {
  switch (format) {
    case 'integer':
      return formatInteger(value, context.language);
    case 'decimal':
      return formatDecimal(value, context.language, column.decimals ?? 2);
    case 'currency':
      return formatCurrency(value);
    case 'percent':
      return formatPercent(value, context.language);
    case 'duration':
      return formatDuration(value, context.language);
    default:
      return assertNever(format);
  }
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
  const traits = fieldTypeTraits(column.type);
  const kind = traits.value;
  switch (kind) {
    case 'text':
      return value === null || value === undefined ? '' : String(value);
    case 'richText':
      return typeof value === 'string' ? stripHtml(value) : '';
    case 'number':
      return formatNumberText(traits.number ?? 'decimal', column, value, context);
    case 'boolean':
      return formatBoolean(value, context);
    case 'instant':
      return formatDateTime(
        value,
        toDateTimeFormatType(column.dateTimeFormatType),
        context.language,
        column.dateTimeFormat ?? undefined,
      );
    case 'choice':
    case 'status':
    case 'reference':
    case 'usersOrGroups':
    case 'files':
      return formatChoices(resolveChoices(value, display, column.items));
    case 'rows':
      // A table's rows, cells in column order (each row is stored keyed in that order): 'SP-330 318 103; …'.
      return tableRowsOf(value)
        .map((row) => Object.values(row).map(String).join(' '))
        .join('; ');
    default:
      return assertNever(kind);
  }
}
