import { createHash } from 'node:crypto';
import { type ComponentDefinitionInput, FILE_UPLOAD_MAX_BYTES } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { buildZip, EXE_BYTES, minimalDocx } from '../../../test/fixtures/test-zip.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { contractedPlan } from '../../modules/plan/plan.table.ts';
import { BYTES_PER_MIB, storageUsedBytes } from '../../modules/plan/plan-usage.ts';
import type { ItemActor } from '../items/items.service.ts';
import { runtimeFiles } from './files.table.ts';

const BASE = 980;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const FORM = 9801;
const NOW = new Date('2026-03-10T15:00:00.000Z');

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-test-image'),
]);
/** A Windows executable: "MZ", then binary header bytes. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);

/** The test request component with a file chooser and an image on its form. */
function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [
        ...request!.fields,
        { key: 'anexos', type: 'BINARY', label: label('Anexos', 'Attachments') },
        { key: 'foto', type: 'BINARY', label: label('Foto', 'Photo') },
      ],
      forms: [
        {
          id: FORM,
          name: label('Pedido', 'Request'),
          layout: [
            { type: 'textbox', field: 'nome' },
            { type: 'fileChooser', field: 'anexos' },
            { type: 'image', field: 'foto' },
          ],
        },
      ],
    },
  ];
}

type Who = 'owner' | 'reader' | 'stranger' | 'admin';
let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string }>;
let projectId: number;

const actorOf = (who: Who): ItemActor => ({
  userId: people[who].id,
  isAdministrator: who === 'admin',
  language: 'pt-BR',
});

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['owner', 'reader', 'stranger', 'admin'], { admin: { isAdministrator: true } }),
  );
  await buildComponents(app, BASE, { components: components() });
  projectId = (await buildItem(db, actorOf('admin'), { componentId: PROJECT, title: 'Projeto' })).id;
  await grantProjectAccess(db, projectId, [
    { userId: people.owner.id },
    { userId: people.reader.id, readOnly: true },
  ]);
});
afterAll(() => app.close());

/** A multipart body with one file part, as a browser's FormData sends it (the declared type is a lie). */
function upload(who: Who, fileName: string, content: Buffer, language = 'pt-BR') {
  const boundary = '----der-files-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/genericItem/uploadFiles',
    headers: {
      ...bearer(people[who].token),
      'accept-language': language,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

async function uploaded(who: Who, fileName: string, content: Buffer): Promise<number> {
  const response = await upload(who, fileName, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fileId;
}

const download = (who: Who, query: Record<string, number | string>) =>
  app.inject({
    method: 'GET',
    url: '/api/genericItem/downloadFile',
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: bearer(people[who].token),
  });

const save = (who: Who, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/genericItem/saveItem',
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
    payload: { componentId: REQUEST, formId: FORM, projectId, ...body },
  });

describe('uploadFiles', () => {
  it('stores a file and answers its id, sanitised name, size and the type found by content', async () => {
    const response = await upload('owner', '..\\pasta/Planta: baixa?.pdf', PDF);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      fileId: expect.any(Number),
      name: 'Planta baixa.pdf',
      size: PDF.length,
      mediaType: 'application/pdf',
    });
  });

  it('refuses an executable renamed .pdf, by its content, naming the file', async () => {
    const response = await upload('owner', 'nota fiscal.pdf', EXE);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    expect(response.json().Message).toContain('"nota fiscal.pdf" não é de um tipo aceito');
    const en = await upload('owner', 'setup.zip', Buffer.from('PK\u0003\u0004plain-archive'), 'en');
    expect(en.statusCode).toBe(415);
    expect(en.json().Message).toContain('The file "setup.zip" is not of an accepted type');
  });

  it('accepts an office file only as a real package of its kind; a ZIP with an .exe in OOXML clothes is refused', async () => {
    const docx = await upload('owner', 'parecer.docx', minimalDocx());
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.json().mediaType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const disguised = buildZip([
      { name: '[Content_Types].xml', content: EXE_BYTES },
      { name: 'xl/workbook.xml', content: EXE_BYTES },
      { name: 'word/document.xml', content: EXE_BYTES },
    ]);
    const withExe = minimalDocx([{ name: 'word/media/setup.exe', content: EXE_BYTES }], { exe: 'image/png' });
    const before = (await app.database.db.select({ id: runtimeFiles.id }).from(runtimeFiles)).length;
    for (const [name, content] of [
      ['planilha.xlsx', disguised],
      ['parecer.docx', withExe],
      ['fotos.docx', buildZip([{ name: 'foto.exe', content: EXE_BYTES }])],
    ] as const) {
      const response = await upload('owner', name, content);
      expect(response.statusCode, name).toBe(415);
      expect(response.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
      expect(response.json().Message).toContain(`"${name}" não é de um tipo aceito`);
    }
    expect((await app.database.db.select({ id: runtimeFiles.id }).from(runtimeFiles)).length).toBe(before);
  });

  it('refuses a file above the size limit, naming the file and the limit', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(FILE_UPLOAD_MAX_BYTES + 1 - PDF.length, 0x20)]);
    const response = await upload('owner', 'grande.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(response.json().Message).toBe('O arquivo "grande.pdf" é maior que o limite de 10 MiB.');
  });

  it("counts against the plan's storage (409 when the file would not fit)", async () => {
    const db = app.database.db;
    const [plan] = await db.select().from(contractedPlan);
    const used = await storageUsedBytes(db);
    const limitMiB = Math.ceil((used + 1) / BYTES_PER_MIB);
    await db.update(contractedPlan).set({ maxStorageMib: limitMiB });
    try {
      const room = limitMiB * BYTES_PER_MIB - used;
      const response = await upload(
        'owner',
        'foto.png',
        Buffer.concat([PNG, Buffer.alloc(room + 1 - PNG.length)]),
      );
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      expect(await storageUsedBytes(db)).toBe(used);
    } finally {
      await db.update(contractedPlan).set({ maxStorageMib: plan!.maxStorageMib });
    }
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/genericItem/uploadFiles' });
    expect(response.statusCode).toBe(401);
  });
});

describe('downloadFile', () => {
  it('serves a file no item references yet to its uploader only (others get 404, like an unknown id)', async () => {
    const fileId = await uploaded('owner', 'rascunho.pdf', PDF);
    const response = await download('owner', { fileId });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rascunho.pdf"; filename*=UTF-8''rascunho.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await download('reader', { fileId })).statusCode).toBe(404);
    expect((await download('admin', { fileId })).statusCode).toBe(404);
    expect((await download('owner', { fileId: fileId + 100_000 })).statusCode).toBe(404);
  });

  it('once saved on an item, serves it to whoever may see the item, named by itemId', async () => {
    const fileId = await uploaded('owner', 'Licença ambiental.pdf', PDF);
    const imageId = await uploaded('owner', 'frente.png', PNG);
    const saved = await save('owner', { values: { nome: 'Com anexo', anexos: [fileId], foto: [imageId] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const itemId = saved.json().saved.id as number;

    const reader = await download('reader', { fileId, itemId });
    expect(reader.statusCode).toBe(200);
    expect(reader.rawPayload.equals(PDF)).toBe(true);
    expect(reader.headers['content-disposition']).toBe(
      `attachment; filename="Licenca ambiental.pdf"; filename*=UTF-8''Licen%C3%A7a%20ambiental.pdf`,
    );
    // Without the item, or through an item that does not hold it, nobody gets it — its uploader neither.
    expect((await download('owner', { fileId })).statusCode).toBe(404);
    expect((await download('reader', { fileId: imageId, itemId: projectId })).statusCode).toBe(404);
    // A user who cannot see the item gets 404 even with the right ids.
    expect((await download('stranger', { fileId, itemId })).statusCode).toBe(404);
    // Images may be shown inline; anything else is always an attachment.
    const image = await download('reader', { fileId: imageId, itemId, inline: 1 });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="frente.png"/);
    const pdfInline = await download('reader', { fileId, itemId, inline: 1 });
    expect(pdfInline.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('saving BINARY fields', () => {
  it("refuses another user's upload and unknown ids with 400 naming the field", async () => {
    const readersFile = await uploaded('reader', 'do leitor.pdf', PDF);
    const response = await save('owner', { values: { nome: 'Roubo', anexos: [readersFile] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'anexos', message: expect.any(String) }],
    });
    const unknown = await save('owner', { values: { nome: 'Nada', foto: [readersFile + 100_000] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { field: 'foto', message: expect.any(String), code: 'invalidValue' },
    ]);
    // The refused save claimed nothing: the reader still owns their upload alone.
    expect((await download('reader', { fileId: readersFile })).statusCode).toBe(200);
  });

  it("keeps the item's files on a later save and refuses a file of an item the actor cannot see", async () => {
    const first = await uploaded('owner', 'um.pdf', PDF);
    const created = await save('owner', { values: { nome: 'Dois anexos', anexos: [first] } });
    expect(created.statusCode, created.body).toBe(200);
    const { id: itemId, version } = created.json().saved;
    // Another user (the administrator) adds their own upload next to the owner's file.
    const second = await uploaded('admin', 'dois.pdf', PDF);
    const updated = await save('admin', { itemId, version, values: { anexos: [first, second] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().item.values.anexos).toEqual([first, second]);

    // The stranger cannot see that item, so cannot put its files on an item of theirs.
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/genericItem/saveItem',
      headers: bearer(people.stranger.token),
      payload: { componentId: REQUEST, formId: FORM, values: { nome: 'Cópia', anexos: [first] } },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details).toEqual([
      { field: 'anexos', message: expect.any(String), code: 'invalidValue' },
    ]);
  });
});

describe('getImageName', () => {
  it('answers the names of the stored files the field holds', async () => {
    const imageId = await uploaded('owner', 'fachada.jpeg.png', PNG);
    const saved = await save('owner', { values: { nome: 'Com foto', foto: [imageId] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await app.inject({
      method: 'GET',
      url: '/api/genericItem/getImageName',
      query: { itemId: String(saved.json().saved.id), field: 'foto' },
      headers: bearer(people.reader.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      fileIds: [imageId],
      fileName: 'fachada.jpeg.png',
      files: [{ fileId: imageId, name: 'fachada.jpeg.png', size: PNG.length, mediaType: 'image/png' }],
    });
  });
});

describe('the stored row', () => {
  it('keeps the uploader and the SHA-256; the bytes go to the file store under that SHA-256', async () => {
    const fileId = await uploaded('owner', 'hash.pdf', PDF);
    const [row] = await app.database.db.select().from(runtimeFiles).where(eq(runtimeFiles.id, fileId));
    expect(row).toMatchObject({ uploadedBy: people.owner.id, size: PDF.length, referencedAt: null });
    expect(row!.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(row!.content).toBeNull();
    expect((await app.fileStore.get(row!.sha256)).equals(PDF)).toBe(true);
  });
});
