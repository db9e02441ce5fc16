import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testSecrets } from '../../../test/build-test-app.ts';
import { createScratchDatabase, runServerToExit, startServer } from '../../../test/server-process.ts';
import type { Database } from '../db/database.ts';
import type { AppSecrets } from './app-secrets.ts';
import { keyChecks } from './key-check.table.ts';
import { KeyMismatchError, verifyInstanceKeys } from './key-check.ts';
import { SecretBoxError } from './secret-box.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await database.db.delete(keyChecks);
});

const dataDir = '/srv/der/data';
const verify = (secrets: AppSecrets, probeSealedSecrets?: () => Promise<unknown>) =>
  verifyInstanceKeys({
    db: database.db,
    secrets,
    dataDir,
    ...(probeSealedSecrets ? { probeSealedSecrets } : {}),
  });

describe('verifyInstanceKeys', () => {
  it('records the keys at the first start and accepts the same keys afterwards', async () => {
    const secrets = testSecrets();
    expect(await verify(secrets)).toEqual({ recorded: true, warnings: [] });
    expect(await verify(secrets)).toEqual({ recorded: false, warnings: [] });
    const [row] = await database.db.select().from(keyChecks);
    // Neither key appears in the row.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(Buffer.from(secrets.encryptionKey).toString('base64url'));
    expect(stored).not.toContain(Buffer.from(secrets.jwtSigningKey).toString('base64url'));
  });

  it('stops a server whose encryption key is not the database’s, saying what to set', async () => {
    await verify(testSecrets());
    const other = testSecrets();
    await expect(verify(other)).rejects.toThrow(KeyMismatchError);
    await expect(verify(other)).rejects.toThrow(
      'The database holds secrets encrypted with another key than this server’s (ENCRYPTION_KEY unset, ' +
        'so the key of /srv/der/data/secrets.json): set ENCRYPTION_KEY (and JWT_SECRET) to the values of ' +
        'the server that first used this database, or restore its DATA_DIR/secrets.json into this DATA_DIR.',
    );
    await expect(verify({ ...other, sources: { ...other.sources, encryptionKey: 'env' } })).rejects.toThrow(
      '(ENCRYPTION_KEY from the environment)',
    );
  });

  it('stops a server whose JWT key from its secrets file is not the database’s', async () => {
    const first = testSecrets();
    await verify(first);
    const otherJwt = { ...first, jwtSigningKey: testSecrets().jwtSigningKey };
    await expect(verify(otherJwt)).rejects.toThrow(KeyMismatchError);
    await expect(verify(otherJwt)).rejects.toThrow(/another JWT signing key .*set JWT_SECRET/);
  });

  it('accepts a new JWT_SECRET set in the environment (a rotation), with a warning, and keeps it', async () => {
    const first = testSecrets();
    await verify(first);
    const rotated: AppSecrets = {
      ...first,
      jwtSigningKey: testSecrets().jwtSigningKey,
      sources: { jwtSigningKey: 'env', encryptionKey: 'file' },
    };
    const result = await verify(rotated);
    expect(result.warnings).toEqual([expect.stringContaining('JWT_SECRET differs')]);
    // The database now expects the new key: the old one, from a file, is refused.
    expect(await verify({ ...rotated, sources: { jwtSigningKey: 'file', encryptionKey: 'file' } })).toEqual({
      recorded: false,
      warnings: [],
    });
    await expect(verify(first)).rejects.toThrow(KeyMismatchError);
  });

  it('agrees on one record when several instances start together on a new database', async () => {
    const secrets = testSecrets();
    const results = await Promise.all(Array.from({ length: 4 }, () => verify(secrets)));
    expect(results.filter((result) => result.recorded)).toHaveLength(1);
    expect(await database.db.select().from(keyChecks)).toHaveLength(1);
  });

  it('refuses a database of an older version whose sealed secrets do not open, recording nothing', async () => {
    const probe = () => Promise.reject(new SecretBoxError('failed authentication'));
    await expect(verify(testSecrets(), probe)).rejects.toThrow(KeyMismatchError);
    expect(await database.db.select().from(keyChecks)).toHaveLength(0);
    expect((await verify(testSecrets(), () => Promise.resolve())).recorded).toBe(true);
  });
});

describe('a server started with other keys than its database’s', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  const newDataDir = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'der-keys-'));
    folders.push(folder);
    return folder;
  };

  async function expectRefusedWithOneLine(env: Record<string, string>, dataDirOfSecrets: string) {
    const result = await runServerToExit(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'The database holds secrets encrypted with another key than this server’s (ENCRYPTION_KEY unset, so ' +
        `the key of ${path.join(dataDirOfSecrets, 'secrets.json')}): set ENCRYPTION_KEY (and JWT_SECRET) to ` +
        'the values of the server that first used this database, or restore its DATA_DIR/secrets.json into ' +
        'this DATA_DIR.\n',
    );
    expect(result.stderr).not.toContain('SecretBoxError');
  }

  it.runIf(process.env.TEST_DATABASE_URL)(
    'stops with one line and exit code 1 on a PostgreSQL first used with another DATA_DIR',
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const first = await startServer({ DATABASE_URL: scratch.url, DATA_DIR: newDataDir() });
        expect(await first.stop()).toBe(0);
        const fresh = newDataDir();
        await expectRefusedWithOneLine({ DATABASE_URL: scratch.url, DATA_DIR: fresh }, fresh);
      } finally {
        await scratch.drop();
      }
    },
    300_000,
  );

  it('stops with one line and exit code 1 when the secrets file of a PGlite folder was replaced', async () => {
    const folder = newDataDir();
    const first = await startServer({ DATA_DIR: folder });
    expect(await first.stop()).toBe(0);
    fs.rmSync(path.join(folder, 'secrets.json'));
    await expectRefusedWithOneLine({ DATA_DIR: folder }, folder);
  }, 300_000);
});
