export * from './calendar.routes.ts';
export * from './calendar.schemas.ts';
