import type { ColumnDefinition, FilterCondition, FilterGroup, Sort } from '@der/contracts';
import type { CellChoice } from '../../format/choiceValues.ts';

/** A column of the shared data table: the spec §3 column definition the listing API sends. */
export type DataTableColumn = ColumnDefinition;

/** One row of the shared data table: an item's values by column name plus the row fields of spec §3. */
export interface DataTableRow {
  id: number;
  /** The version an in-grid edit or a bulk update is made at (409 when someone saved in between). */
  version: number;
  /** How the row is named in labels, e.g. its FormattedID ('Editar AET-2026-000001'). */
  label: string;
  /** Stored values by column name (see FieldStorageKind). */
  values: Record<string, unknown>;
  /** How references and choices read, by column name (users carry their avatars). */
  display: Record<string, CellChoice[]>;
  hasAttachment: boolean;
  hasDigitalContent: boolean;
  statusColor: string | null;
  position: number;
  /** When the item's deadline becomes due soon (the DueDate column's chip, DueChip); absent without one. */
  dueSoonAt?: string | null;
}

export type FilterNode = FilterCondition | FilterGroup;

/** What the table asks its owner to load: a page of rows under these filters and this order. */
export interface DataTableQuery {
  /** 1-based. */
  page: number;
  rowsPerPage: number;
  sort: Sort | null;
  /** Column filters and the search box, ANDed at the root (the search is an OR group of text columns). */
  filters: FilterNode[];
  /** Columns the user hid (hidedColumns of spec §3). */
  hiddenColumns: string[];
}

/** The raw text of a column's filter inputs, as typed (kept even while not yet a valid value). */
export type ColumnFilterValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; from: string; to: string }
  | { kind: 'date'; from: string; to: string }
  | { kind: 'choice'; value: string };

export type ColumnFilters = Record<string, ColumnFilterValue>;
