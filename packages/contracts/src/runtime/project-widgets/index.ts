export * from './project-widgets.routes.ts';
export * from './project-widgets.schemas.ts';
