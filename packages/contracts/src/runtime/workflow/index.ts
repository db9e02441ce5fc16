export * from './workflow.routes.ts';
export * from './workflow.schemas.ts';
