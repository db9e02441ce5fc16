import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { createFileStore } from './create-file-store.ts';

describe('the file store the configuration names', () => {
  it('is the folder DATA_DIR/files by default, with a 24 h orphan grace period', () => {
    const config = loadConfig({ DATA_DIR: '/srv/der/data' }, '/srv/der');
    expect(config.fileStorage).toEqual({ kind: 'local', dir: path.join('/srv/der/data', 'files') });
    expect(config.orphanFileGraceMs).toBe(24 * 60 * 60 * 1000);
    expect(loadConfig({ FILES_ORPHAN_GRACE_HOURS: '2' }).orphanFileGraceMs).toBe(2 * 60 * 60 * 1000);
    expect(createFileStore(config.fileStorage).kind).toBe('local');
  });

  it('is the S3 bucket of STORAGE_S3_*, path-style by default with an endpoint', () => {
    const config = loadConfig({
      STORAGE_S3_BUCKET: 'der-arquivos',
      STORAGE_S3_ENDPOINT: 'https://s3.der.example.gov.br',
      STORAGE_S3_REGION: 'sa-east-1',
      STORAGE_S3_ACCESS_KEY_ID: 'AKIA-TEST',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.fileStorage).toEqual({
      kind: 's3',
      bucket: 'der-arquivos',
      endpoint: 'https://s3.der.example.gov.br',
      region: 'sa-east-1',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const store = createFileStore(config.fileStorage);
    expect(store.kind).toBe('s3');
    store.close();
    // AWS itself: virtual-hosted style, credentials from the SDK's own chain.
    expect(loadConfig({ STORAGE_S3_BUCKET: 'der-arquivos' }).fileStorage).toMatchObject({
      kind: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it('refuses a half-configured S3 store, without echoing the secret', () => {
    const attempts = [
      { STORAGE_S3_ENDPOINT: 'https://s3.example.com', STORAGE_S3_SECRET_ACCESS_KEY: 'hunter2' },
      { STORAGE_S3_BUCKET: 'der-arquivos', STORAGE_S3_SECRET_ACCESS_KEY: 'hunter2' },
    ];
    for (const env of attempts) {
      let thrown: unknown;
      try {
        loadConfig(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as ConfigError).message).toMatch(/STORAGE_S3_/);
      expect((thrown as ConfigError).message).not.toContain('hunter2');
    }
  });
});
