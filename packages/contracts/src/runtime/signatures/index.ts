export * from './signatures.routes.ts';
export * from './signatures.schemas.ts';
