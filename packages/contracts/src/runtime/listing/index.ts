export * from './columns.ts';
export * from './excel.schemas.ts';
export * from './listing.routes.ts';
export * from './listing.schemas.ts';
export * from './lookup-values.ts';
