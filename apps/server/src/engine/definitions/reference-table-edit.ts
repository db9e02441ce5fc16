import {
  type ApplicationDefinition,
  completeReferenceRows,
  type Language,
  localize,
  referenceRowIssues,
} from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';
import { validationError } from '../items/item-changes.ts';

/**
 * The definition with one reference table's rows replaced by an administrator's, as its next version. A table
 * the definition lacks is 404; bad cells are one 400 listing each as `rows.<n>.<column>` with a message naming
 * the row and the column's label in the actor's language ('Linha 3, coluna “Valor”: informe um número').
 */
export function definitionWithTableRows(
  document: ApplicationDefinition,
  tableKey: string,
  rows: ReadonlyArray<Record<string, unknown>>,
  language: Language,
): ApplicationDefinition {
  const table = document.referenceTables.find((candidate) => candidate.key === tableKey);
  if (!table) throw new AppError('NOT_FOUND');
  const issues = referenceRowIssues(table, rows, (column) => localize(column.label, language));
  if (issues.length > 0)
    throw validationError(
      issues.map((issue) => ({
        field: issue.row === 0 ? 'rows' : `rows.${issue.row - 1}.${issue.column}`,
        message: issue.message,
        params: issue.params,
      })),
      language,
    );
  return {
    ...document,
    version: document.version + 1,
    referenceTables: document.referenceTables.map((candidate) =>
      candidate.key === tableKey ? { ...candidate, rows: completeReferenceRows(table, rows) } : candidate,
    ),
  };
}
