export * from './kanban.routes.ts';
export * from './kanban.schemas.ts';
