import type { Language } from '../../platform/platform.schemas.ts';
import { type FieldDefinition, FieldDefinitionSchema, type TableColumn } from './field.ts';
import { localize } from './localized-text.ts';

/** A TABLE field's stored rows (an array of objects keyed by its columns); [] for anything else. */
export function tableRowsOf(value: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (row): row is Record<string, unknown> => row !== null && typeof row === 'object' && !Array.isArray(row),
  );
}

function cellText(column: TableColumn, value: unknown, language: Language): string {
  const option = column.options?.find((candidate) => candidate.value === value);
  if (option) return localize(option.text, language);
  if (typeof value === 'number') return value.toLocaleString(language, { maximumFractionDigits: 3 });
  if (typeof value === 'boolean')
    return value ? (language === 'en' ? 'Yes' : 'Sim') : language === 'en' ? 'No' : 'Não';
  return String(value);
}

const isEmptyCell = (cell: unknown) => cell === undefined || cell === null || cell === '';

/**
 * A TABLE field's rows as one line of text, rows separated by '; ' and cells by ', ' in column order (e.g.
 * 'SP-330, 318, 103, Campinas; …'): how history, lists and spreadsheets show a value they cannot lay out.
 */
export function tableRowsText(
  field: Pick<FieldDefinition, 'columns'>,
  value: unknown,
  language: Language,
): string {
  const columns = field.columns ?? [];
  return tableRowsOf(value)
    .map((row) =>
      columns
        .filter((column) => !isEmptyCell(row[column.key]))
        .map((column) => cellText(column, row[column.key], language))
        .join(', '),
    )
    .join('; ');
}

/** A TABLE field's columns as field definitions: what a printed row's bindings and a cell's checks read. */
export function tableColumnFields(field: Pick<FieldDefinition, 'columns'>): FieldDefinition[] {
  return (field.columns ?? []).map(({ columnSpan: _width, ...column }) =>
    FieldDefinitionSchema.parse(column),
  );
}
