// Every Drizzle table of the server, for drizzle-kit (migrations) and for the typed database handle.
export * from '../../modules/platform/platform.table.ts';
export * from '../../seed/seed-runs.table.ts';
