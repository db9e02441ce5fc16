export * from './files.routes.ts';
export * from './files.schemas.ts';
