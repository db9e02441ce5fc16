export * from './print-layouts.routes.ts';
