import type { ComponentDefinitionInput } from '@der/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import {
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
  type Person,
} from '../../test/factories/runtime.ts';
import { testComponents } from '../../test/fixtures/test-definition.ts';
import { bearer } from '../../test/helpers/auth.ts';
import { removeBlobIfUnused } from '../engine/files/blob-removal.ts';
import type { FileReferenceSource } from '../engine/files/file-reference-source.ts';
import { insertFile } from '../engine/files/files.repo.ts';
import { runtimeFiles } from '../engine/files/files.table.ts';
import { storageUsedBytes } from '../modules/plan/plan-usage.ts';
import { FILE_REFERENCE_SOURCES } from './file-reference-sources.ts';
import { createOrphanFileSweep } from './orphan-files.ts';

const BASE = 1270;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const FORM = 12_701;
const HOUR = 60 * 60 * 1000;
const GRACE_MS = 24 * HOUR;

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer << >>\n%%EOF\n`);

function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [...request!.fields, { key: 'anexos', type: 'BINARY', label: label('Anexos', 'Attachments') }],
      forms: [
        {
          id: FORM,
          name: label('Pedido', 'Request'),
          layout: [
            { type: 'textbox', field: 'nome' },
            { type: 'fileChooser', field: 'anexos' },
          ],
        },
      ],
    },
  ];
}

let app: FastifyInstance;
let owner: Person;
let projectId: number;
/** The app's clock (uploads are dated by it); the sweeps run hours later (`at`). */
const clock = new Date();
const at = (hours: number) => new Date(clock.getTime() + hours * HOUR);
/** Files a reference source of the test's own holds (as the attachments module's would). */
const heldByTest = new Set<number>();
const testSource: FileReferenceSource = {
  name: 'test rows',
  referencedAmong: async (_db, ids) => ids.filter((id) => heldByTest.has(id)),
};
let run: ReturnType<typeof createOrphanFileSweep>;

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  await app.ready();
  ({ owner } = await buildPeople(app, ['owner']));
  await buildComponents(app, BASE, { components: components() });
  const admin = { userId: owner.id, isAdministrator: true, language: 'pt-BR' as const };
  projectId = (await buildItem(app.database.db, admin, { componentId: PROJECT, title: 'Projeto' })).id;
  await grantProjectAccess(app.database.db, projectId, [{ userId: owner.id }]);
  run = createOrphanFileSweep({
    store: app.fileStore,
    graceMs: GRACE_MS,
    sources: [...FILE_REFERENCE_SOURCES, testSource],
    // Every round lists the store (the server does it every few hours).
    blobListingIntervalMs: 0,
  });
});
afterAll(() => app.close());

async function upload(content: Buffer, fileName = 'arquivo.pdf'): Promise<{ id: number; sha256: string }> {
  const boundary = '----der-orphans-test';
  const response = await app.inject({
    method: 'POST',
    url: '/api/genericItem/uploadFiles',
    headers: { ...bearer(owner.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(200);
  const id: number = response.json().fileId;
  const [row] = await app.database.db.select().from(runtimeFiles).where(eq(runtimeFiles.id, id));
  return { id, sha256: row!.sha256 };
}

async function save(body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/genericItem/saveItem',
    headers: bearer(owner.token),
    payload: { componentId: REQUEST, formId: FORM, projectId, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().saved as { id: number; version: number };
}

async function existing(ids: number[]): Promise<number[]> {
  const rows = await app.database.db
    .select({ id: runtimeFiles.id })
    .from(runtimeFiles)
    .where(inArray(runtimeFiles.id, ids));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const sweepAt = (hours: number) => run(app.database.db, at(hours));

describe('the orphan file sweep', () => {
  it('removes an upload nobody kept once the grace period is over, with its blob and its plan bytes', async () => {
    const usedBefore = await storageUsedBytes(app.database.db);
    const content = pdf('nunca salvo');
    const file = await upload(content);
    expect(await storageUsedBytes(app.database.db)).toBe(usedBefore + content.length);

    await sweepAt(23);
    expect(await existing([file.id])).toEqual([file.id]);
    expect(await app.fileStore.has(file.sha256)).toBe(true);

    const counts = await sweepAt(25);
    expect(counts.orphanFilesRemoved).toBeGreaterThanOrEqual(1);
    expect(await existing([file.id])).toEqual([]);
    expect(await app.fileStore.has(file.sha256)).toBe(false);
    expect(await storageUsedBytes(app.database.db)).toBe(usedBefore);
  });

  it('keeps the files items hold; a file replaced in a field or of a deleted item goes a grace period after it was found unreferenced', async () => {
    const first = await upload(pdf('primeira versão'));
    const item = await save({ values: { nome: 'Pedido com anexo', anexos: [first.id] } });

    await sweepAt(30);
    expect(await existing([first.id])).toEqual([first.id]);
    const second = await upload(pdf('segunda versão'));

    // The field now holds the second file: the first is found unreferenced, then kept for the grace period.
    await save({ itemId: item.id, version: item.version, values: { anexos: [second.id] } });
    expect((await sweepAt(31)).filesFoundUnreferenced).toBeGreaterThanOrEqual(1);
    const [marked] = await app.database.db.select().from(runtimeFiles).where(eq(runtimeFiles.id, first.id));
    expect(marked!.orphanedAt).toEqual(at(31));
    await sweepAt(54);
    expect(await existing([first.id, second.id])).toEqual([first.id, second.id]);
    await sweepAt(56);
    expect(await existing([first.id, second.id])).toEqual([second.id]);
    expect(await app.fileStore.has(first.sha256)).toBe(false);
    expect((await app.fileStore.get(second.sha256)).equals(pdf('segunda versão'))).toBe(true);

    // The item is deleted: its file follows a grace period later.
    await app.services.items.deleteItem(
      { userId: owner.id, isAdministrator: true, language: 'pt-BR' },
      { ids: [item.id], componentId: REQUEST },
    );
    await sweepAt(57);
    await sweepAt(80);
    expect(await existing([second.id])).toEqual([second.id]);
    await sweepAt(82);
    expect(await existing([second.id])).toEqual([]);
    expect(await app.fileStore.has(second.sha256)).toBe(false);
  });

  it('keeps a blob two rows share until the last of them goes', async () => {
    const content = pdf('o mesmo conteúdo duas vezes');
    const kept = await upload(content, 'guardado.pdf');
    const dropped = await upload(content, 'descartado.pdf');
    expect(kept.sha256).toBe(dropped.sha256);
    await save({ values: { nome: 'Guarda um', anexos: [kept.id] } });

    await sweepAt(25);
    expect(await existing([kept.id, dropped.id])).toEqual([kept.id]);
    expect(await app.fileStore.has(kept.sha256)).toBe(true);
    expect(await removeBlobIfUnused(app.database.db, app.fileStore, kept.sha256)).toBe(false);
  });

  it('asks every registered reference source: a file another module holds is kept (and marked referenced)', async () => {
    const attached = await upload(pdf('anexo de outro módulo'));
    heldByTest.add(attached.id);
    await sweepAt(25);
    const [row] = await app.database.db.select().from(runtimeFiles).where(eq(runtimeFiles.id, attached.id));
    expect(row!.referencedAt).not.toBeNull();

    heldByTest.delete(attached.id);
    await sweepAt(26);
    await sweepAt(49);
    expect(await existing([attached.id])).toEqual([attached.id]);
    await sweepAt(51);
    expect(await existing([attached.id])).toEqual([]);
  });

  // Real concurrency needs two connections: PostgreSQL (TEST_DATABASE_URL); PGlite runs transactions one by one.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'never removes a blob between the put of an insert and its commit (the blob lock)',
    async () => {
      const content = pdf('entre o put e o commit');
      let commit = () => {};
      const gate = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let put = () => {};
      const blobWritten = new Promise<void>((resolve) => {
        put = resolve;
      });
      const inserting = app.database.db.transaction(async (tx) => {
        await insertFile(tx, app.fileStore, {
          uploadedBy: owner.id,
          fileName: 'concorrente.pdf',
          mediaType: 'application/pdf',
          content,
        });
        put();
        await gate;
      });
      await blobWritten;
      const { sha256 } = await app.fileStore.put(content);
      // The sweep finds no committed row, but must wait for the insert's lock and then see its row.
      const removing = removeBlobIfUnused(app.database.db, app.fileStore, sha256);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await app.fileStore.has(sha256)).toBe(true);
      commit();
      await inserting;
      expect(await removing).toBe(false);
      expect((await app.fileStore.get(sha256)).equals(content)).toBe(true);
    },
  );

  it('removes a blob whose row was rolled back, once older than the grace period', async () => {
    const content = pdf('linha desfeita');
    const rolledBack = await app.database.db
      .transaction(async (tx) => {
        await insertFile(tx, app.fileStore, {
          uploadedBy: owner.id,
          fileName: 'desfeito.pdf',
          mediaType: 'application/pdf',
          content,
        });
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe('rolled back');
    const { sha256 } = await app.fileStore.put(content);
    const realNow = Date.now();

    await run(app.database.db, new Date(realNow + HOUR));
    expect(await app.fileStore.has(sha256)).toBe(true);
    const counts = await run(app.database.db, new Date(realNow + 25 * HOUR));
    expect(counts.orphanBlobsRemoved).toBeGreaterThanOrEqual(1);
    expect(await app.fileStore.has(sha256)).toBe(false);
  });
});
