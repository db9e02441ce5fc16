export * from './resources.routes.ts';
export * from './resources.schemas.ts';
