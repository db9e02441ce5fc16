export * from './timesheets.routes.ts';
export * from './timesheets.schemas.ts';
