export * from './definitions.routes.ts';
export * from './definitions.schemas.ts';
