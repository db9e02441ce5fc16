export * from './due-state.ts';
export * from './items.routes.ts';
export * from './items.schemas.ts';
