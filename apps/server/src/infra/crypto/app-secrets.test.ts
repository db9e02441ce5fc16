import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppSecretsError, decodeKey, loadAppSecrets, SECRETS_FILE_NAME } from './app-secrets.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'app-secrets-')), 'data');
});
afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('loadAppSecrets', () => {
  it('creates the secrets file once, mode 0600, and returns the same keys on the next start', async () => {
    const first = await loadAppSecrets({ dataDir, env: {} });
    expect(first.sources).toEqual({ jwtSigningKey: 'created', encryptionKey: 'created' });
    expect(first.jwtSigningKey.byteLength).toBe(32);
    expect(first.encryptionKey.byteLength).toBe(32);

    const file = path.join(dataDir, SECRETS_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = await loadAppSecrets({ dataDir, env: {} });
    expect(second.sources).toEqual({ jwtSigningKey: 'file', encryptionKey: 'file' });
    expect(Buffer.from(second.jwtSigningKey).equals(Buffer.from(first.jwtSigningKey))).toBe(true);
    expect(Buffer.from(second.encryptionKey).equals(Buffer.from(first.encryptionKey))).toBe(true);
  });

  it('agrees on one set of keys when several starts race, leaving no temporary files', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => loadAppSecrets({ dataDir, env: {} })));
    const keys = new Set(results.map((r) => Buffer.from(r.jwtSigningKey).toString('hex')));
    expect(keys.size).toBe(1);
    expect(results.filter((r) => r.sources.jwtSigningKey === 'created')).toHaveLength(1);
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE_NAME]);
  });

  it('takes both keys from the environment (hex or base64) without touching the data folder', async () => {
    const jwt = randomBytes(48);
    const enc = randomBytes(32);
    const secrets = await loadAppSecrets({
      dataDir,
      env: { JWT_SECRET: jwt.toString('base64'), ENCRYPTION_KEY: enc.toString('hex') },
    });
    expect(Buffer.from(secrets.jwtSigningKey).equals(jwt)).toBe(true);
    expect(Buffer.from(secrets.encryptionKey).equals(enc)).toBe(true);
    expect(secrets.sources).toEqual({ jwtSigningKey: 'env', encryptionKey: 'env' });
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('fills a key missing from the environment from the file', async () => {
    const created = await loadAppSecrets({ dataDir, env: {} });
    const enc = randomBytes(32);
    const mixed = await loadAppSecrets({ dataDir, env: { ENCRYPTION_KEY: enc.toString('base64url') } });
    expect(mixed.sources).toEqual({ jwtSigningKey: 'file', encryptionKey: 'env' });
    expect(Buffer.from(mixed.jwtSigningKey).equals(Buffer.from(created.jwtSigningKey))).toBe(true);
    expect(Buffer.from(mixed.encryptionKey).equals(enc)).toBe(true);
  });

  it('refuses keys of the wrong size or encoding without echoing them', async () => {
    const short = randomBytes(16).toString('hex');
    await expect(loadAppSecrets({ dataDir, env: { JWT_SECRET: short } })).rejects.toThrow(AppSecretsError);
    await expect(loadAppSecrets({ dataDir, env: { JWT_SECRET: short } })).rejects.not.toThrow(short);
    await expect(
      loadAppSecrets({ dataDir, env: { ENCRYPTION_KEY: randomBytes(31).toString('base64') } }),
    ).rejects.toThrow(/exactly 32 bytes/);
    await expect(loadAppSecrets({ dataDir, env: { ENCRYPTION_KEY: 'not a key!' } })).rejects.toThrow(
      /hex or base64/,
    );
  });

  it('tightens a secrets file that others can read, and says so', async () => {
    await loadAppSecrets({ dataDir, env: {} });
    const file = path.join(dataDir, SECRETS_FILE_NAME);
    await chmod(file, 0o644);
    const secrets = await loadAppSecrets({ dataDir, env: {} });
    expect(secrets.warnings).toEqual([expect.stringContaining('mode was set to 600')]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses to start on a damaged secrets file instead of silently replacing the keys', async () => {
    await loadAppSecrets({ dataDir, env: {} });
    const file = path.join(dataDir, SECRETS_FILE_NAME);
    await writeFile(file, '{"version":1,"jwtSecret":"abc"', { mode: 0o600 });
    await expect(loadAppSecrets({ dataDir, env: {} })).rejects.toThrow(/not valid JSON/);
    await writeFile(file, JSON.stringify({ version: 1, jwtSecret: 'AAAA', encryptionKey: 'AAAA' }), {
      mode: 0o600,
    });
    await expect(loadAppSecrets({ dataDir, env: {} })).rejects.toThrow(/jwtSecret/);
    expect(await readFile(file, 'utf8')).toContain('AAAA');
  });
});

describe('decodeKey', () => {
  it('reads hex, base64 and base64url, and refuses anything else', () => {
    const bytes = randomBytes(32);
    for (const text of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) {
      expect(Buffer.from(decodeKey(text) ?? []).equals(bytes)).toBe(true);
    }
    expect(decodeKey('has spaces in it')).toBeNull();
    expect(decodeKey('abc$def')).toBeNull();
  });
});
