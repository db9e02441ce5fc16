import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore, type S3StoreSettings } from './s3-file-store.ts';

/** config.fileStorage: the folder DATA_DIR/files, or the bucket of STORAGE_S3_* (config/env.ts). */
export type FileStorageSettings = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StoreSettings);

/** The store the configuration names (config.fileStorage): the local folder, or the S3 bucket when set. */
export function createFileStore(settings: FileStorageSettings): FileStore & { close(): void } {
  if (settings.kind === 's3') return createS3FileStore(settings);
  return { ...createLocalFileStore(settings.dir), close() {} };
}
