export * from '../definition/file-indexes.ts';
export * from './attachments.routes.ts';
export * from './attachments.schemas.ts';
