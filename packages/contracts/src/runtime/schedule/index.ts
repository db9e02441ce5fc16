export * from './schedule.routes.ts';
export * from './schedule.schemas.ts';
