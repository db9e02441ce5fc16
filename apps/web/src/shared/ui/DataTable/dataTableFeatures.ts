import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

/** What the table model does for the shared table: column visibility, sorting (by the server) and selection. */
export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowSelectionFeature,
});
export type DataTableFeatures = typeof dataTableFeatures;
