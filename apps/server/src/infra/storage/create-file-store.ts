import type { FileStorageSettings } from '../../config/env.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The store the configuration names (config.fileStorage): the local folder, or the S3 bucket when set. */
export function createFileStore(settings: FileStorageSettings): FileStore & { close(): void } {
  if (settings.kind === 's3') return createS3FileStore(settings);
  return { ...createLocalFileStore(settings.dir), close() {} };
}
