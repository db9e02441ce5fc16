import { randomUUID } from 'node:crypto';
import type { ImportExcelResult } from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  grantProject,
  importQueryTestDefinition,
  insertItems,
} from '../../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { fileUpload, sheetOf } from '../../../test/helpers/upload.ts';
import { runtimeItems } from '../items/items.table.ts';
import { IMPORT_KEYS_KEPT_MS, STALE_IMPORT_MS } from './import-idempotency.ts';
import { importIdempotencyKeys } from './import-keys.table.ts';

const BASE = 860;
const PROJECT = BASE + 1;
const ITEM = BASE + 2;

/** The file part, and optionally an `idempotencyKey` field before it. */
const multipart = (content: Buffer, field?: string) =>
  fileUpload(content, { fields: field === undefined ? {} : { idempotencyKey: field } });

describe('importExcel with an idempotency key: a file imported once (issue 14)', () => {
  let app: FastifyInstance;
  let memberId: number;
  let token: string;
  let otherToken: string;
  let projectId: number;

  const importFile = (
    content: Buffer,
    options: { key?: string; field?: string; as?: string; language?: string } = {},
  ) => {
    const { payload, headers } = multipart(content, options.field);
    return app.inject({
      method: 'POST',
      url: `/api/genericItem/importExcel?componentID=${ITEM}&projectId=${projectId}`,
      headers: {
        ...bearer(options.as ?? token),
        'accept-language': options.language ?? 'pt-BR',
        ...headers,
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      },
      payload,
    });
  };
  const countTitled = async (title: string) =>
    (
      await app.database.db
        .select({ id: runtimeItems.id })
        .from(runtimeItems)
        .where(and(eq(runtimeItems.componentId, ITEM), eq(runtimeItems.title, title)))
    ).length;
  /** A sheet of `count` rows titled `title`, so each test counts its own rows. */
  const rowsTitled = (title: string, count = 2) =>
    sheetOf([['Título', 'Eixos'], ...Array.from({ length: count }, (_, index) => [title, index + 1])]);

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const member = await buildUser(db);
    const other = await buildUser(db);
    memberId = member.id;
    [token, otherToken] = [await signIn(app, member), await signIn(app, other)];
    [projectId] = (await insertItems(db, [{ componentId: PROJECT, title: 'Projeto Chaves' }])) as [number];
    await grantProject(db, projectId, { userId: member.id });
    await grantProject(db, projectId, { userId: other.id });
  });
  afterAll(() => app.close());

  it('the same key with the same file twice: one set of rows, the same answer', async () => {
    const key = randomUUID();
    const file = await rowsTitled('Chave repetida');
    const first = await importFile(file, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportExcelResult>()).toMatchObject({ success: true, imported: 2, rows: 2 });
    const second = await importFile(file, { key });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await countTitled('Chave repetida')).toBe(2);
  });

  it('the key may come as a multipart field before the file', async () => {
    const key = randomUUID();
    const file = await rowsTitled('Chave no formulário');
    expect((await importFile(file, { field: key })).statusCode).toBe(200);
    const again = await importFile(file, { field: key });
    expect(again.json()).toMatchObject({ success: true, imported: 2 });
    expect(await countTitled('Chave no formulário')).toBe(2);
  });

  it('the same key with another file: 409, translated, nothing imported', async () => {
    const key = randomUUID();
    expect((await importFile(await rowsTitled('Primeiro arquivo'), { key })).statusCode).toBe(200);
    const other = await importFile(await rowsTitled('Outro arquivo'), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'IMPORT_KEY_REUSED',
      Message: 'Esta importação já foi feita com outro arquivo. Escolha o arquivo novamente para importá-lo.',
    });
    const en = await importFile(await rowsTitled('Outro arquivo'), { key, language: 'en' });
    expect(en.json().Message).toBe(
      'This import was already made with another file. Choose the file again to import it.',
    );
    expect(await countTitled('Outro arquivo')).toBe(0);
  });

  it('without a key the file imports every time, as before', async () => {
    const file = await rowsTitled('Sem chave');
    expect((await importFile(file)).json()).toMatchObject({ success: true, imported: 2 });
    expect((await importFile(file)).json()).toMatchObject({ success: true, imported: 2 });
    expect(await countTitled('Sem chave')).toBe(4);
  });

  it('keys are per user: the same key by another user imports their file', async () => {
    const key = randomUUID();
    const file = await rowsTitled('Chave de cada um');
    expect((await importFile(file, { key })).json()).toMatchObject({ imported: 2 });
    expect((await importFile(file, { key, as: otherToken })).json()).toMatchObject({ imported: 2 });
    expect(await countTitled('Chave de cada um')).toBe(4);
  });

  it('two requests at once with one key: one imports, the other is told it is in progress (or gets its answer)', async () => {
    const key = randomUUID();
    const file = await rowsTitled('Corrida', 50);
    const answers = await Promise.all([importFile(file, { key }), importFile(file, { key })]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 409],
      [200, 200],
    ]).toContainEqual(statuses);
    for (const answer of answers) {
      if (answer.statusCode === 409) {
        expect(answer.json()).toMatchObject({
          code: 'IMPORT_IN_PROGRESS',
          Message: 'Esta importação já está em andamento. Aguarde o resultado antes de enviá-la de novo.',
        });
      } else expect(answer.json()).toMatchObject({ success: true, imported: 50 });
    }
    expect(await countTitled('Corrida')).toBe(50);
    // Once the first has answered, a repeat gets its answer.
    expect((await importFile(file, { key })).json()).toMatchObject({ success: true, imported: 50 });
    expect(await countTitled('Corrida')).toBe(50);
  });

  it('a refused import keeps no key: the corrected file imports under the same key', async () => {
    const key = randomUUID();
    const bad = await sheetOf([
      ['Título', 'Eixos'],
      ['Corrigido', 'muitos'],
    ]);
    expect((await importFile(bad, { key })).json()).toMatchObject({ success: false, imported: 0 });
    // The same refused file again: checked again, refused again.
    expect((await importFile(bad, { key })).json()).toMatchObject({ success: false, imported: 0 });
    const fixed = await sheetOf([
      ['Título', 'Eixos'],
      ['Corrigido', 6],
    ]);
    expect((await importFile(fixed, { key })).json()).toMatchObject({ success: true, imported: 1 });
    expect(await countTitled('Corrigido')).toBe(1);
  });

  it('an expired key, or one whose import never ended, imports again', async () => {
    const db = app.database.db;
    const file = await rowsTitled('Chave antiga', 1);
    const expired = randomUUID();
    expect((await importFile(file, { key: expired })).statusCode).toBe(200);
    await db
      .update(importIdempotencyKeys)
      .set({ startedAt: new Date(Date.now() - IMPORT_KEYS_KEPT_MS - 1000) })
      .where(and(eq(importIdempotencyKeys.userId, memberId), eq(importIdempotencyKeys.key, expired)));
    expect((await importFile(file, { key: expired })).json()).toMatchObject({ imported: 1 });
    expect(await countTitled('Chave antiga')).toBe(2);

    // A key left running (the server stopped mid-import): in progress for a while, then taken over.
    const stuck = randomUUID();
    const [expiredRow] = await db
      .select()
      .from(importIdempotencyKeys)
      .where(and(eq(importIdempotencyKeys.userId, memberId), eq(importIdempotencyKeys.key, expired)));
    const { fileSha256, target } = expiredRow!;
    await db.insert(importIdempotencyKeys).values({
      userId: memberId,
      key: stuck,
      fileSha256,
      target,
      startedAt: new Date(Date.now() - 60_000),
      result: null,
    });
    expect((await importFile(file, { key: stuck })).json()).toMatchObject({ code: 'IMPORT_IN_PROGRESS' });
    await db
      .update(importIdempotencyKeys)
      .set({ startedAt: new Date(Date.now() - STALE_IMPORT_MS - 1000) })
      .where(and(eq(importIdempotencyKeys.userId, memberId), eq(importIdempotencyKeys.key, stuck)));
    expect((await importFile(file, { key: stuck })).json()).toMatchObject({ imported: 1 });
    expect(await countTitled('Chave antiga')).toBe(3);
  });

  it('a malformed key is a 400 naming it', async () => {
    const response = await importFile(await rowsTitled('Chave ruim', 1), { key: 'x y' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().Message).toContain('headers.idempotency-key');
    expect(await countTitled('Chave ruim')).toBe(0);
  });
});
