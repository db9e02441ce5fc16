import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildPeople, type Person } from '../../../test/factories/runtime.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { blobPath } from '../../infra/storage/file-store.ts';
import { runtimeFiles } from './files.table.ts';
import { moveFileContentsToStore } from './move-to-store.ts';

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer << >>\n%%EOF\n`);

let app: FastifyInstance;
let owner: Person;
let filesDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(os.tmpdir(), 'der-move-to-store-'));
  app = await buildTestApp({
    config: { logLevel: 'info', fileStorage: { kind: 'local', dir: filesDir } },
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
  ({ owner } = await buildPeople(app, ['owner']));
});
afterAll(async () => {
  await app.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** A row as files were stored before the file store: the bytes in runtime_files.content. */
async function legacyFile(fileName: string, content: Buffer, storedSha = sha256(content)): Promise<number> {
  const [row] = await app.database.db
    .insert(runtimeFiles)
    .values({
      uploadedBy: owner.id,
      fileName,
      mediaType: 'application/pdf',
      size: content.length,
      sha256: storedSha,
      content,
    })
    .returning({ id: runtimeFiles.id });
  return row!.id;
}

const download = (fileId: number) =>
  app.inject({
    method: 'GET',
    url: '/api/genericItem/downloadFile',
    query: { fileId: String(fileId) },
    headers: { ...bearer(owner.token), 'accept-language': 'pt-BR' },
  });

describe('moving files stored in the database to the file store', () => {
  it('moves each row to the store resumably, leaves content NULL and serves the same bytes', async () => {
    const contents = [pdf('primeiro'), pdf('segundo'), pdf('terceiro')];
    const ids = [];
    for (const [index, content] of contents.entries())
      ids.push(await legacyFile(`legado-${index}.pdf`, content));
    // One row whose bytes no longer match their SHA-256: never stored under a wrong address.
    const damagedId = await legacyFile('estragado.pdf', pdf('estragado'), sha256(pdf('original')));
    for (const [index, id] of ids.entries())
      expect((await download(id)).rawPayload.equals(contents[index]!)).toBe(true);

    // Stopped after two rows (a restart), then resumed.
    expect(await moveFileContentsToStore(app.database.db, app.fileStore, { maxRows: 2 })).toEqual({
      moved: 2,
      damaged: 0,
      remaining: 2,
    });
    expect(await moveFileContentsToStore(app.database.db, app.fileStore)).toEqual({
      moved: 1,
      damaged: 1,
      remaining: 1,
    });

    const pending = await app.database.db
      .select({ id: runtimeFiles.id })
      .from(runtimeFiles)
      .where(isNotNull(runtimeFiles.content));
    expect(pending.map((row) => row.id)).toEqual([damagedId]);
    for (const [index, id] of ids.entries()) {
      const [row] = await app.database.db.select().from(runtimeFiles).where(eq(runtimeFiles.id, id));
      expect(row!.content).toBeNull();
      expect((await app.fileStore.get(row!.sha256)).equals(contents[index]!)).toBe(true);
      const response = await download(id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(contents[index]!)).toBe(true);
    }
    // Nothing left to move: a repeat is harmless.
    expect(await moveFileContentsToStore(app.database.db, app.fileStore)).toMatchObject({ moved: 0 });
  });

  it('refuses to serve damaged bytes, in the store or still in the database, with a translated error', async () => {
    const content = pdf('nome-pessoal-joana');
    const id = await legacyFile('Laudo Joana Silva.pdf', content);
    await moveFileContentsToStore(app.database.db, app.fileStore);
    // A disk fault: the blob's bytes change behind the store's back.
    await writeFile(path.join(filesDir, blobPath(sha256(content))), pdf('outro'));

    const response = await download(id);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'FILE_CONTENT_DAMAGED' });
    expect(response.json().Message).toContain('Laudo Joana Silva.pdf');
    expect(response.body).not.toContain('outro');
    // The log says which blob failed, never the file's name.
    const logged = logLines.join('\n');
    expect(logged).toContain('FILE_CONTENT_DAMAGED');
    expect(logged).toContain(sha256(content));
    expect(logged).not.toContain('Joana');
  });
});
