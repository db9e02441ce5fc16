import {
  assertNever,
  type FieldDefinition,
  type Language,
  localize,
  PRINT_TEMPLATE_PLACEHOLDER,
  type PrintBinding,
  type PrintContextKey,
  type PrintField,
  type PrintLayout,
} from '@der/contracts';
import type { ReferenceNames } from '../forms/value-format.ts';
import { formatPrintValue } from './print-format.ts';

/** One item's values as a layout reads them: configured and system keys, their definitions, reference names. */
export interface PrintRecord {
  values: Readonly<Record<string, unknown>>;
  fields: ReadonlyMap<string, FieldDefinition>;
  names?: ReferenceNames;
}

/** Everything a layout prints: the item, the rows of each table (by the table's field name), the context. */
export interface PrintSource {
  record: PrintRecord;
  rows: ReadonlyMap<string, readonly PrintRecord[]>;
  context: Readonly<Record<PrintContextKey, string>>;
  language: Language;
}

const AUTO = { kind: 'auto' } as const;

function placeholderText(key: string, record: PrintRecord, source: PrintSource): string {
  if (key in source.context) return source.context[key as PrintContextKey];
  return formatPrintValue(AUTO, record.fields.get(key), record.values[key], source.language, record.names);
}

/** The text a binding gives for a record (the item, or a table's row). */
export function resolveBinding(binding: PrintBinding, record: PrintRecord, source: PrintSource): string {
  switch (binding.kind) {
    case 'field':
      return formatPrintValue(
        binding.format,
        record.fields.get(binding.field),
        record.values[binding.field],
        source.language,
        record.names,
      );
    case 'context':
      return source.context[binding.key];
    case 'literal':
      return localize(binding.text, source.language);
    case 'template':
      return localize(binding.text, source.language).replace(
        PRINT_TEMPLATE_PLACEHOLDER,
        (_match, key: string) => placeholderText(key, record, source),
      );
    default:
      return assertNever(binding);
  }
}

function tableBody(field: Extract<PrintField, { type: 'table' }>, source: PrintSource): string[][] {
  const rows = source.rows.get(field.name) ?? [];
  if (rows.length === 0) {
    // pdfme draws no table without a row: one row says there is nothing (or stays blank).
    const empty = field.emptyText ? localize(field.emptyText, source.language) : '';
    return [field.columns.map((_, index) => (index === 0 ? empty : ''))];
  }
  return rows.map((row) => field.columns.map((column) => resolveBinding(column.binding, row, source)));
}

/** The pdfme input of one field (pdfme reads a table and a multiVariableText from JSON text). */
function inputOf(field: PrintField, source: PrintSource): string {
  switch (field.type) {
    case 'text':
    case 'qrcode':
      return resolveBinding(field.binding, source.record, source);
    case 'multiVariableText':
      return JSON.stringify(
        Object.fromEntries(
          Object.entries(field.variables).map(([name, binding]) => [
            name,
            resolveBinding(binding, source.record, source),
          ]),
        ),
      );
    case 'table':
      return JSON.stringify(tableBody(field, source));
    case 'image':
      return field.content;
    case 'line':
    case 'rectangle':
      return '';
    default:
      return assertNever(field);
  }
}

/** pdfme's one input: every field's text by its name. */
export function buildPrintInputs(layout: PrintLayout, source: PrintSource): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const page of layout.template.schemas)
    for (const field of page) inputs[field.name] = inputOf(field, source);
  return inputs;
}
