import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../../test/helpers/s3-peer.ts';
import {
  BlobCorruptedError,
  BlobMissingError,
  blobPath,
  type FileStore,
  FileStoreUnavailableError,
  InvalidBlobAddressError,
  sha256Of,
} from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** A store under test and the means to reach behind it (age or damage a blob as a disk or a bucket would). */
interface Harness {
  store: FileStore;
  /** Sets the blob's modification time. */
  age(sha256: string, to: Date): Promise<void>;
  /** Replaces the blob's bytes behind the store's back. */
  damage(sha256: string, bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness & { dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'der-file-store-'));
  return {
    dir,
    store: createLocalFileStore(dir),
    age: (sha256, to) => utimes(path.join(dir, blobPath(sha256)), to, to),
    damage: (sha256, bytes) => writeFile(path.join(dir, blobPath(sha256)), bytes),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

function s3Store(peer: S3Peer, secretAccessKey = peer.secretAccessKey) {
  return createS3FileStore({
    endpoint: peer.endpoint,
    bucket: peer.bucket,
    region: peer.region,
    accessKeyId: peer.accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
  });
}

async function s3Harness(): Promise<Harness & { peer: S3Peer }> {
  // Pages of two keys, so every listing below crosses pages.
  const peer = await startS3Peer({ pageSize: 2 });
  const store = s3Store(peer);
  const objectOf = (sha256: string) => peer.objects.get(blobPath(sha256))!;
  return {
    peer,
    store,
    age: async (sha256, to) => {
      objectOf(sha256).lastModified = to;
    },
    damage: async (sha256, bytes) => {
      objectOf(sha256).content = bytes;
    },
    close: async () => {
      store.close();
      await peer.close();
    },
  };
}

const LONG_AGO = new Date('2020-01-01T00:00:00.000Z');

async function listed(store: FileStore): Promise<Map<string, Date>> {
  const blobs = new Map<string, Date>();
  for await (const blob of store.list()) blobs.set(blob.sha256, blob.modifiedAt);
  return blobs;
}

describe.each([
  ['local folder', localHarness],
  ['S3 (a SigV4-checking S3 peer)', s3Harness],
])('the file store contract: %s', (_name, makeHarness) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness.close());

  it('stores content under its SHA-256 and answers the same bytes', async () => {
    const content = Buffer.from('%PDF-1.7 contract test\n');
    const stored = await harness.store.put(content);
    expect(stored).toEqual({ sha256: sha256Of(content), size: content.length });
    expect((await harness.store.get(stored.sha256)).equals(content)).toBe(true);
    expect(await harness.store.has(stored.sha256)).toBe(true);
    expect(await harness.store.has(sha256Of(Buffer.from('never stored')))).toBe(false);
  });

  it('keeps one blob for repeated content and marks it as just written again', async () => {
    const content = Buffer.from('the same bytes twice');
    const { sha256 } = await harness.store.put(content);
    await harness.age(sha256, LONG_AGO);
    expect((await listed(harness.store)).get(sha256)).toEqual(LONG_AGO);
    await harness.store.put(content);
    const again = (await listed(harness.store)).get(sha256)!;
    expect(again.getTime()).toBeGreaterThan(LONG_AGO.getTime());
    expect([...(await listed(harness.store)).keys()].filter((key) => key === sha256)).toHaveLength(1);
  });

  it('refuses a damaged blob with BlobCorruptedError, never its bytes, and a put of the content repairs it', async () => {
    const content = Buffer.from('bytes that will rot at rest');
    const { sha256 } = await harness.store.put(content);
    await harness.damage(sha256, Buffer.from('bytes that will rot at resT'));
    await expect(harness.store.get(sha256)).rejects.toBeInstanceOf(BlobCorruptedError);
    await harness.damage(sha256, Buffer.from('short'));
    await expect(harness.store.get(sha256)).rejects.toThrow(/failed its SHA-256 check/);
    await harness.store.put(content);
    expect((await harness.store.get(sha256)).equals(content)).toBe(true);
  });

  it('answers BlobMissingError for an absent blob and deletes idempotently', async () => {
    const { sha256 } = await harness.store.put(Buffer.from('to be deleted'));
    await harness.store.delete(sha256);
    expect(await harness.store.has(sha256)).toBe(false);
    await expect(harness.store.get(sha256)).rejects.toBeInstanceOf(BlobMissingError);
    await harness.store.delete(sha256);
  });

  it('lists every blob with its modification time, across pages', async () => {
    const shas = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map(
        async (word) => (await harness.store.put(Buffer.from(word))).sha256,
      ),
    );
    const blobs = await listed(harness.store);
    for (const sha256 of shas) expect(blobs.get(sha256)).toBeInstanceOf(Date);
  });

  it('refuses an address that is not a SHA-256 before touching anything', async () => {
    for (const address of ['../../etc/passwd', 'ABCDEF', `${'a'.repeat(63)}/`, ''])
      await expect(harness.store.get(address)).rejects.toBeInstanceOf(InvalidBlobAddressError);
    await expect(harness.store.delete('../x')).rejects.toBeInstanceOf(InvalidBlobAddressError);
  });
});

describe('the local folder store', () => {
  let harness: Awaited<ReturnType<typeof localHarness>>;
  beforeAll(async () => {
    harness = await localHarness();
  });
  afterAll(() => harness.close());

  it('fans blobs out to ab/cd/<sha256> and leaves no temporary file behind', async () => {
    const content = Buffer.from('fan-out');
    const { sha256 } = await harness.store.put(content);
    const folder = path.join(harness.dir, sha256.slice(0, 2), sha256.slice(2, 4));
    expect(await readdir(folder)).toEqual([sha256]);
  });

  it('survives many writers of the same content at once (each renames a whole file over it)', async () => {
    const content = Buffer.alloc(256 * 1024, 7);
    const results = await Promise.all(Array.from({ length: 12 }, () => harness.store.put(content)));
    expect(new Set(results.map((result) => result.sha256)).size).toBe(1);
    expect((await harness.store.get(results[0]!.sha256)).equals(content)).toBe(true);
  });

  it("removes an interrupted write's stale temporary file while listing, and never lists it", async () => {
    const { sha256 } = await harness.store.put(Buffer.from('beside a crash'));
    const folder = path.join(harness.dir, sha256.slice(0, 2), sha256.slice(2, 4));
    const stale = path.join(folder, `${sha256}.0123456789ab.tmp`);
    const fresh = path.join(folder, `${sha256}.ba9876543210.tmp`);
    await writeFile(stale, 'half');
    await utimes(stale, LONG_AGO, LONG_AGO);
    await writeFile(fresh, 'being written');
    const blobs = await listed(harness.store);
    expect(blobs.has(sha256)).toBe(true);
    expect(await readdir(folder)).toEqual(expect.arrayContaining([sha256, path.basename(fresh)]));
    expect(await readdir(folder)).not.toContain(path.basename(stale));
  });
});

describe('the S3 store', () => {
  let peer: S3Peer;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(() => peer.close());

  it('is shared by several server instances: what one stores, another reads and deletes', async () => {
    const first = s3Store(peer);
    const second = s3Store(peer);
    const { sha256 } = await first.put(Buffer.from('written by instance one'));
    expect((await second.get(sha256)).toString()).toBe('written by instance one');
    await second.delete(sha256);
    expect(await first.has(sha256)).toBe(false);
    first.close();
    second.close();
  });

  it('signs every request: a wrong secret key is refused by the service and stores nothing', async () => {
    const wrong = s3Store(peer, 'not-the-secret');
    const before = peer.objects.size;
    const failure = await wrong.put(Buffer.from('refused')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FileStoreUnavailableError);
    expect(String((failure as Error).cause)).toMatch(/SignatureDoesNotMatch/);
    expect(peer.objects.size).toBe(before);
    wrong.close();
  });

  it('answers FileStoreUnavailableError when the service is down', async () => {
    const down = await startS3Peer();
    const store = s3Store(down);
    await down.close();
    await expect(store.put(Buffer.from('nowhere'))).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(store.get(sha256Of(Buffer.from('nowhere')))).rejects.toBeInstanceOf(
      FileStoreUnavailableError,
    );
    store.close();
  });
});
