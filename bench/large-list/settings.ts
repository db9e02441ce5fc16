/** What a run measures and against what, read once from the environment (see run.ts for the variables). */
export const ITEMS = Number(process.env.LARGE_LIST_ITEMS ?? 1_000_000);
export const EXPORT_ROWS = Math.min(100_000, ITEMS);
export const IMPORT_ROWS = Number(process.env.LARGE_LIST_IMPORT_ROWS ?? 10_000);
/**
 * Imports measured (the median counts): one run on a shared machine is at the mercy of a load spike. One more
 * import runs first, unmeasured, as the other measures warm up: the first call of a code path in a fresh
 * process runs unoptimised JavaScript.
 */
export const IMPORT_RUNS = Number(process.env.LARGE_LIST_IMPORT_RUNS ?? 5);
/** Exports measured (the median counts), after an unmeasured warm-up one, as the imports. */
export const EXPORT_RUNS = Number(process.env.LARGE_LIST_EXPORT_RUNS ?? 3);
export const PAGE_RUNS = Number(process.env.LARGE_LIST_PAGE_RUNS ?? 100);
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The bench member's password: the HTTP export signs in with it. */
export const PASSWORD = 'Bench-Lista-Grande-2026';
export const RECORD = process.env.BENCH_RECORD !== '0';
export const ONLY_IMPORT = process.env.LARGE_LIST_ONLY === 'import';

export type Kind = 'postgres' | 'pglite';
