import { formatValidationMessage } from '../../common/validation-messages.ts';
import { TABLE_DEFAULT_MAX_ROWS, type TableColumn } from '../definition/field.ts';
import {
  accept,
  type CheckedField,
  type FieldRuleIssue,
  type FieldValueResult,
  refuse,
} from './field-rule-types.ts';
import { isEmptyFieldValue } from './rule-values.ts';

// The §5 rules of a TABLE value: its rows and, through their columns, every cell.

/** A TABLE column read as a field, so its cells keep the same §5 rules as a field's value. */
function columnAsField(column: TableColumn): CheckedField {
  return {
    type: column.type,
    required: column.required,
    multiple: false,
    minimum: column.minimum,
    maximum: column.maximum,
    maxLength: column.maxLength,
    pattern: undefined,
    mask: undefined,
    uppercase: column.uppercase,
    options: column.options ?? [],
  };
}

/** A cell's refusal, quoting its row (from 1), its column's label and why, in either language. */
function cellIssue(row: number, column: TableColumn, issue: FieldRuleIssue): FieldRuleIssue {
  const detail = {
    'pt-BR': formatValidationMessage(issue.message, 'pt-BR', issue.params),
    en: formatValidationMessage(issue.message, 'en', issue.params),
  };
  return { message: 'tableCellInvalid', params: { row, column: column.label, detail } };
}

/**
 * TABLE: a list of rows, each an object keyed by the field's columns (other keys refused), every cell kept by
 * its column's rules and stored in its storage form; a row with no value at all is dropped (an empty line the
 * user added and left), at most `maxRows` rows. `cellValueOf` is fieldValueOf, passed in rather than imported
 * because fieldValueOf reads a TABLE through this function.
 */
export function rowsValue(
  field: CheckedField,
  raw: unknown,
  cellValueOf: (field: CheckedField, raw: unknown) => FieldValueResult,
): FieldValueResult {
  if (!Array.isArray(raw)) return refuse('invalidValue');
  const columns = field.columns ?? [];
  const rows: Array<Record<string, unknown>> = [];
  for (const [index, entry] of raw.entries()) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      return refuse('tableRowInvalid', { row: index + 1 });
    const cells = entry as Record<string, unknown>;
    if (Object.keys(cells).some((key) => !columns.some((column) => column.key === key)))
      return refuse('tableRowInvalid', { row: index + 1 });
    if (columns.every((column) => isEmptyFieldValue(cells[column.key]))) continue;
    const row: Record<string, unknown> = {};
    for (const column of columns) {
      const checked = cellValueOf(columnAsField(column), cells[column.key]);
      if (!checked.ok) return { ok: false, issue: cellIssue(rows.length + 1, column, checked.issue) };
      if (checked.value !== null) row[column.key] = checked.value;
    }
    rows.push(row);
  }
  const maximum = field.maxRows ?? TABLE_DEFAULT_MAX_ROWS;
  if (rows.length > maximum) return refuse('tooManyRows', { maximum });
  return rows.length === 0 ? accept(null) : accept(rows);
}
