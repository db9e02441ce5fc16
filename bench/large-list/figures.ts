/**
 * What one database kind measured, filled in measure by measure (LARGE_LIST_ONLY=import leaves the list
 * ones out).
 */
export interface Figures {
  loadSeconds: number;
  pageP50: number;
  pageP95: number;
  cursorPage1: number;
  cursorPage10000: number;
  offsetPage10000: number;
  countP95: number;
  countUncappedP95: number;
  exportRowsPerSecond: number;
  exportMemoryMiB: number;
  importRowsPerSecond: number;
  healthP99?: number;
  httpExportRowsPerSecond?: number;
}
