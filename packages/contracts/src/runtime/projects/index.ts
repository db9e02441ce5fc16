export * from './projects.routes.ts';
export * from './projects.schemas.ts';
