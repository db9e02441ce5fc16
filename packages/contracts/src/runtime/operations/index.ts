export * from './operations.routes.ts';
export * from './operations.schemas.ts';
