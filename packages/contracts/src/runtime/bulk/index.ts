export * from './bulk.routes.ts';
export * from './bulk.schemas.ts';
