import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the documented defaults, with paths relative to the repository root', () => {
    const config = loadConfig({}, '/srv/der');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/der/data',
      pgliteDir: path.join('/srv/der/data', 'pglite'),
      filesDir: path.join('/srv/der/data', 'files'),
      pgliteLockFile: path.join('/srv/der/data', 'pglite.lock'),
      databaseUrl: undefined,
      seedDemoData: true,
      logLevel: 'info',
      webDistDir: '/srv/der/apps/web/dist',
      publicUrl: 'http://localhost:3000',
      shutdownTimeoutMs: 10_000,
    });
  });

  it('reads every variable, treats empty values as unset and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/der',
        DATABASE_URL: 'postgres://der:secret@db:5432/der',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '',
        SHUTDOWN_TIMEOUT_MS: '2500',
      },
      '/srv/der',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/der',
      databaseUrl: 'postgres://der:secret@db:5432/der',
      seedDemoData: false,
      logLevel: 'warn',
      webDistDir: '/srv/der/apps/web/dist',
      publicUrl: 'http://localhost:8080',
      shutdownTimeoutMs: 2500,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://der.example.gov.br/' }).publicUrl).toBe(
      'https://der.example.gov.br',
    );
  });

  it('lists every invalid variable in one error, without echoing their values', () => {
    let thrown: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://root:hunter2@db/der',
        SEED_DEMO_DATA: 'maybe',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'ftp://x',
        SHUTDOWN_TIMEOUT_MS: '-5',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    const named = error.issues.map((issue) => issue.split(':')[0]);
    expect(named.sort()).toEqual(
      ['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SEED_DEMO_DATA', 'SHUTDOWN_TIMEOUT_MS'].sort(),
    );
    for (const name of named) expect(error.message).toContain(`  - ${name}:`);
    expect(error.message).not.toContain('hunter2');
  });
});
