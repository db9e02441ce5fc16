export * from './item-relations.routes.ts';
export * from './item-relations.schemas.ts';
export * from './links.routes.ts';
export * from './links.schemas.ts';
