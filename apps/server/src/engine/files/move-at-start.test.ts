import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Peer } from '../../../test/helpers/s3-peer.ts';
import { startServer } from '../../../test/server-process.ts';
import { openDatabase } from '../../infra/db/database.ts';
import { blobPath } from '../../infra/storage/file-store.ts';
import { runtimeFiles } from './files.table.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function newDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'der-move-at-start-'));
  folders.push(folder);
  return folder;
}

/** The folder's PGlite database, while no server holds it. */
async function withDatabase<T>(
  folder: string,
  use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(folder, 'pglite'),
    lockFile: path.join(folder, 'pglite.lock'),
  });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe('npm start moves files stored in the database to the file store', () => {
  it('puts a legacy row in the S3 bucket of STORAGE_S3_* at start and leaves its content NULL', async () => {
    const folder = newDataDir();
    // A database of the version before the file store: made and migrated by a first start.
    const first = await startServer({ DATA_DIR: folder });
    expect(await first.stop()).toBe(0);
    const content = Buffer.from('%PDF-1.4\n% stored in the database by an older version\n%%EOF\n');
    const sha256 = createHash('sha256').update(content).digest('hex');
    const id = await withDatabase(folder, async (db) => {
      const [row] = await db
        .insert(runtimeFiles)
        .values({
          uploadedBy: null,
          fileName: 'antigo.pdf',
          mediaType: 'application/pdf',
          size: content.length,
          sha256,
          content,
        })
        .returning({ id: runtimeFiles.id });
      return row!.id;
    });

    const peer = await startS3Peer();
    try {
      const second = await startServer({
        DATA_DIR: folder,
        STORAGE_S3_BUCKET: peer.bucket,
        STORAGE_S3_ENDPOINT: peer.endpoint,
        STORAGE_S3_REGION: peer.region,
        STORAGE_S3_ACCESS_KEY_ID: peer.accessKeyId,
        STORAGE_S3_SECRET_ACCESS_KEY: peer.secretAccessKey,
      });
      expect(await second.stop()).toBe(0);
      expect(peer.objects.get(blobPath(sha256))?.content.equals(content)).toBe(true);
      expect(second.output()).not.toContain(peer.secretAccessKey);
    } finally {
      await peer.close();
    }
    const [row] = await withDatabase(folder, (db) =>
      db.select().from(runtimeFiles).where(eq(runtimeFiles.id, id)),
    );
    expect(row).toMatchObject({ content: null, sha256, size: content.length });
  }, 300_000);
});
