import { assertNever, fieldTypeTraits } from '@der/contracts';
import type { DataTableColumn } from './dataTableTypes.ts';

/** The filter input a column gets (spec §2.9 "per-column filters by type"), or null for none. */
export type FilterKind = 'text' | 'number' | 'date' | 'boolean' | 'choice';

export function filterKindOf(column: DataTableColumn): FilterKind | null {
  if (!column.filterable) return null;
  const kind = fieldTypeTraits(column.type).filter;
  switch (kind) {
    case 'text':
    case 'number':
    case 'date':
    case 'boolean':
    case 'choice':
      return kind;
    case 'listedChoice':
      // A reference is filtered by choosing among the column's items (filterAsList); there is no text to match.
      return column.items.length > 0 ? 'choice' : null;
    case null:
      return null;
    default:
      return assertNever(kind);
  }
}

/**
 * The value a chosen item is compared with: picklist values and status keys are text; references are stored as
 * numeric ids (see FieldStorageKind), so a numeric item value goes to the server as a number.
 */
export function choiceFilterValue(column: DataTableColumn, value: string): string | number | boolean {
  if (column.type === 'BOOLEAN') return value === 'true';
  if (column.type === 'PICKLIST' || column.type === 'ITEM_TYPE_STATUS') return value;
  return /^\d+$/.test(value) ? Number(value) : value;
}
