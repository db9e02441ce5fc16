export * from './common/errors.ts';
export * from './common/route.ts';
export * from './health/health.routes.ts';
export * from './platform/palettes.ts';
export * from './platform/platform.routes.ts';
export * from './platform/platform.schemas.ts';
export * from './common/web-routes.ts';
