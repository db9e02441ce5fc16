export * from './repositories.routes.ts';
export * from './repositories.schemas.ts';
