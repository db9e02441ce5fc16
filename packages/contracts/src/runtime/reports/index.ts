export * from './reports.routes.ts';
export * from './reports.schemas.ts';
