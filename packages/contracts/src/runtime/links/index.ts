export * from './links.routes.ts';
export * from './links.schemas.ts';
