import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import { repositoryTestDefinition } from '../../../test/fixtures/repository-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { fileUpload } from '../../../test/helpers/upload.ts';
import { applicationDefinitions } from '../definitions/definitions.table.ts';
import { runtimeItems } from '../items/items.table.ts';

const BASE = 5300;
const PROJECT = BASE + 1;
const FOLDER = BASE + 3;
const FILE = BASE + 4;
const REF = { fileFormId: BASE * 10 + 4, folderFormId: BASE * 10 + 3 };

type Who = 'manager' | 'member' | 'restricted' | 'groupie' | 'reader' | 'outsider' | 'admin' | 'ungranted';
let app: FastifyInstance;
let people: Record<Who, { id: number; name: string; token: string }>;
let applicationId: number;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  people = (await buildPeople(
    app,
    ['manager', 'member', 'restricted', 'groupie', 'reader', 'outsider', 'admin'] as const,
    { admin: { isAdministrator: true } },
  )) as typeof people;
  await buildComponents(app, BASE, repositoryTestDefinition(BASE));
  Object.assign(
    people,
    await buildPeople(app, ['ungranted'] as const, { ungranted: { grantFixtureApplications: false } }),
  );
  const [definition] = await db
    .select({ applicationId: applicationDefinitions.applicationId })
    .from(applicationDefinitions)
    .where(eq(applicationDefinitions.key, `teste-${BASE}`));
  applicationId = definition!.applicationId;
  const admin = actorOf(people.admin, { isAdministrator: true });
  projectId = (
    await buildItem(db, admin, {
      componentId: PROJECT,
      title: 'Rodovia SP-101',
      responsibleId: people.manager.id,
    })
  ).id;
  otherProjectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Ponte do Rio' })).id;
  // 'groupie' is restricted through their group's entry; 'restricted' through their own.
  const restrictedGroup = await buildGroup(db, { name: `Restritos ${BASE}`, memberIds: [people.groupie.id] });
  await grantProjectAccess(db, projectId, [
    { userId: people.manager.id },
    { userId: people.member.id },
    { userId: people.restricted.id, restrictFolderAccess: true },
    { groupId: restrictedGroup.id, restrictFolderAccess: true },
    { userId: people.reader.id, readOnly: true },
  ]);
  await grantProjectAccess(db, otherProjectId, [{ userId: people.member.id }]);
});
afterAll(() => app.close());

const post = (path: string, who: Who, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/repository/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': 'en' },
    // Every call but the projects list names the repository by its two forms.
    payload: path === 'loadRepositoryProjects' ? payload : { ...REF, ...payload },
  });

async function folder(who: Who, title: string, parentId: number | null = null, project = projectId) {
  const response = await post('createRepositoryFolder', who, { projectId: project, parentId, title });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; parentId: number | null; canWrite: boolean };
}

async function uploadedBy(who: Who, name: string, text: string): Promise<number> {
  const upload = fileUpload(Buffer.from(text), { fileName: name, contentType: 'text/plain' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/genericItem/uploadFiles',
    headers: { ...bearer(people[who].token), ...upload.headers },
    payload: upload.payload,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { fileId: number }).fileId;
}

async function addFile(who: Who, folderId: number, name: string, fileIndexes: Record<string, unknown> = {}) {
  const fileId = await uploadedBy(who, name, `conteúdo de ${name}`);
  return post('addRepositoryFile', who, { folderId, fileId, fileIndexes });
}

const titles = (rows: Array<{ title: string }>) => rows.map((row) => row.title);

describe('repositories', () => {
  let contratos: number;
  let publico: number;
  let plantas: number;
  let contrato: number;
  let planta: number;

  beforeAll(async () => {
    contratos = (await folder('member', 'Contratos')).id;
    publico = (await folder('member', 'Público')).id;
    plantas = (await folder('member', 'Plantas', publico)).id;
    await folder('member', 'Outra', null, otherProjectId);
    const added = await addFile('member', contratos, 'contrato-12.txt', {
      codigo: 'CT-12',
      tipo: 'contrato',
    });
    expect(added.json()).toMatchObject({ title: 'contrato-12.txt' });
    contrato = added.json().id;
    planta = (await addFile('member', plantas, 'planta-baixa.txt', { tipo: 'planta' })).json().id;
  });

  it('lists the projects holding the repository that the caller may see', async () => {
    const member = await post('loadRepositoryProjects', 'member', { applicationId });
    expect(member.statusCode).toBe(200);
    expect(member.json().repositories).toEqual([expect.objectContaining({ key: 'documentos', ...REF })]);
    expect(member.json().repositories[0].fileIndexes.map((index: { key: string }) => index.key)).toEqual([
      'codigo',
      'tipo',
    ]);
    expect(member.json().projects.map((p: { title: string }) => p.title)).toEqual([
      'Ponte do Rio',
      'Rodovia SP-101',
    ]);
    expect((await post('loadRepositoryProjects', 'outsider', { applicationId })).json().projects).toEqual([]);
    expect((await post('loadRepositoryProjects', 'ungranted', { applicationId })).statusCode).toBe(404);
  });

  it('creates folders under the rules: names unique side by side, no slashes, write right', async () => {
    const taken = await post('createRepositoryFolder', 'member', { projectId, title: 'contratos' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('REPOSITORY_NAME_TAKEN');
    const slash = await post('createRepositoryFolder', 'member', { projectId, title: 'a/b' });
    expect(slash.statusCode).toBe(400);
    expect(slash.json().details).toEqual([expect.objectContaining({ field: 'body.title' })]);
    expect((await post('createRepositoryFolder', 'reader', { projectId, title: 'X' })).statusCode).toBe(403);
    expect((await post('createRepositoryFolder', 'outsider', { projectId, title: 'X' })).statusCode).toBe(
      404,
    );
    // A restricted member cannot make a root folder: they could never see it.
    expect((await post('createRepositoryFolder', 'restricted', { projectId, title: 'X' })).statusCode).toBe(
      403,
    );
    // Another project's folder as parent answers as unknown.
    const [other] = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.projectId, otherProjectId));
    expect(
      (await post('createRepositoryFolder', 'member', { projectId, parentId: other!.id, title: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('adds a file with its document, size, version and file indexes, refusing bad indexes and foreign uploads', async () => {
    const rows = (await post('loadRepositoryFiles', 'member', { projectId, folderId: contratos })).json();
    expect(rows.total).toBe(1);
    expect(rows.rows[0]).toMatchObject({
      id: contrato,
      title: 'contrato-12.txt',
      folderId: contratos,
      fileName: 'contrato-12.txt',
      size: Buffer.byteLength('conteúdo de contrato-12.txt'),
      fileVersion: 1,
      fileIndexes: { codigo: 'CT-12', tipo: 'contrato' },
      canWrite: true,
    });
    const badIndex = await addFile('member', contratos, 'x.txt', { tipo: 'nenhum', outro: 1 });
    expect(badIndex.statusCode).toBe(400);
    expect(
      badIndex
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.fileIndexes.outro', 'body.fileIndexes.tipo']);
    const othersUpload = await uploadedBy('manager', 'alheio.txt', 'alheio');
    const foreign = await post('addRepositoryFile', 'member', { folderId: contratos, fileId: othersUpload });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([expect.objectContaining({ field: 'body.fileId' })]);
    // Nothing of the refused adds was kept.
    expect(
      (await post('loadRepositoryFiles', 'member', { projectId, folderId: contratos })).json().total,
    ).toBe(1);
  });

  it('downloads the current document to whoever sees the file', async () => {
    const download = (who: Who, itemId: number) =>
      app.inject({
        method: 'GET',
        url: `/api/repository/downloadRepositoryFile?itemId=${itemId}`,
        headers: bearer(people[who].token),
      });
    const ok = await download('member', contrato);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('conteúdo de contrato-12.txt');
    expect(ok.headers['content-disposition']).toContain('attachment');
    expect((await download('outsider', contrato)).statusCode).toBe(404);
  });

  describe('folder access restricted by the project permissions', () => {
    beforeAll(async () => {
      const grant = await post('saveFolderAccess', 'manager', {
        folderId: publico,
        users: [{ id: people.restricted.id, canWrite: false }],
        groups: [],
      });
      expect(grant.statusCode).toBe(200);
    });

    it('lets only the project manager or an administrator set folder access', async () => {
      const refused = await post('saveFolderAccess', 'member', { folderId: publico, users: [], groups: [] });
      expect(refused.statusCode).toBe(403);
      const twice = await post('saveFolderAccess', 'manager', {
        folderId: publico,
        users: [{ id: people.restricted.id }, { id: people.restricted.id }],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().details).toEqual([expect.objectContaining({ field: 'body.users.1.id' })]);
      const read = await post('loadFolderAccess', 'member', { folderId: publico });
      expect(read.json().users).toEqual([
        expect.objectContaining({ id: people.restricted.id, canWrite: false }),
      ]);
    });

    it('shows a restricted member only the granted folder and its subfolders', async () => {
      const tree = (await post('loadRepository', 'restricted', { projectId })).json();
      expect(titles(tree.folders)).toEqual(['Plantas', 'Público']);
      expect(tree.canCreateRoot).toBe(false);
      expect(tree.folders.every((f: { canWrite: boolean }) => !f.canWrite)).toBe(true);
      // Restricted through a group with no grant: nothing.
      expect((await post('loadRepository', 'groupie', { projectId })).json().folders).toEqual([]);
      // An unrestricted member sees them all.
      expect(titles((await post('loadRepository', 'member', { projectId })).json().folders)).toEqual([
        'Contratos',
        'Plantas',
        'Público',
      ]);
    });

    it('refuses by id every read of a folder or file outside the grant (repository and generic calls)', async () => {
      expect(
        (await post('loadRepositoryFiles', 'restricted', { projectId, folderId: contratos })).statusCode,
      ).toBe(404);
      const download = await app.inject({
        method: 'GET',
        url: `/api/repository/downloadRepositoryFile?itemId=${contrato}`,
        headers: bearer(people.restricted.token),
      });
      expect(download.statusCode).toBe(404);
      const refresh = (who: Who, itemId: number, componentId: number) =>
        app.inject({
          method: 'POST',
          url: '/api/genericItem/refreshItem',
          headers: bearer(people[who].token),
          payload: { itemId, componentId },
        });
      expect((await refresh('restricted', contrato, FILE)).statusCode).toBe(404);
      expect((await refresh('restricted', contratos, FOLDER)).statusCode).toBe(404);
      expect((await refresh('restricted', planta, FILE)).statusCode).toBe(200);
      expect((await refresh('member', contrato, FILE)).statusCode).toBe(200);
      // The attachments engine's own calls: the document of a file in a hidden folder answers as unknown.
      const attachments = (who: Who, itemId: number) =>
        app.inject({
          method: 'GET',
          url: `/api/genericItem/loadAttachments?itemId=${itemId}&widgetKey=documento`,
          headers: bearer(people[who].token),
        });
      expect((await attachments('restricted', contrato)).statusCode).toBe(404);
      expect((await attachments('member', contrato)).statusCode).toBe(200);
    });

    it('searches by name and file index only where the caller may look', async () => {
      const search = (who: Who, payload: Record<string, unknown>) =>
        post('searchRepository', who, { projectId, ...payload }).then((r) => r.json());
      expect(titles((await search('member', { text: 'CT-1' })).rows)).toEqual(['contrato-12.txt']);
      expect(titles((await search('member', { text: 'planta' })).rows)).toEqual(['planta-baixa.txt']);
      expect(
        titles((await search('member', { fileIndex: { key: 'tipo', value: 'contrato' } })).rows),
      ).toEqual(['contrato-12.txt']);
      expect((await search('member', { text: '%' })).rows).toEqual([]);
      expect((await search('restricted', { text: 'contrato' })).rows).toEqual([]);
      expect(titles((await search('restricted', { text: '.txt' })).rows)).toEqual(['planta-baixa.txt']);
      // Across projects (repositoryView): the same rule.
      const across = await post('searchRepository', 'restricted', { text: 'txt' });
      expect(titles(across.json().rows)).toEqual(['planta-baixa.txt']);
      expect((await post('searchRepository', 'outsider', { projectId, text: '' })).statusCode).toBe(404);
    });

    it('refuses a file the generic insert form hangs on a folder granted read-only, naming parentId', async () => {
      const insert = (who: Who, parentId: number) =>
        app.inject({
          method: 'POST',
          url: '/api/genericItem/saveItem',
          headers: { ...bearer(people[who].token), 'accept-language': 'en' },
          payload: {
            componentId: FILE,
            formId: REF.fileFormId,
            projectId,
            parentId,
            values: { Title: 'intruso.txt' },
          },
        });
      const refused = await insert('restricted', publico);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([expect.objectContaining({ field: 'parentId' })]);
      // An unrestricted member of the project still files there through the same form.
      expect((await insert('member', publico)).statusCode).toBe(200);
    });

    it('moves only where the caller may write, never into a hidden folder', async () => {
      const move = (who: Who, payload: Record<string, unknown>) => post('moveRepositoryEntry', who, payload);
      // Read-only grant: no moves.
      expect(
        (await move('restricted', { kind: 'file', id: planta, targetFolderId: publico })).statusCode,
      ).toBe(403);
      // Into a folder they cannot see: as unknown.
      await post('saveFolderAccess', 'manager', {
        folderId: publico,
        users: [{ id: people.restricted.id, canWrite: true }],
      });
      expect(
        (await move('restricted', { kind: 'file', id: planta, targetFolderId: contratos })).statusCode,
      ).toBe(404);
      // A file they cannot see: as unknown.
      expect(
        (await move('restricted', { kind: 'file', id: contrato, targetFolderId: publico })).statusCode,
      ).toBe(404);
      // With the write grant, within the granted folders.
      expect(
        (await move('restricted', { kind: 'file', id: planta, targetFolderId: publico })).statusCode,
      ).toBe(200);
      // A folder into itself or below itself.
      const loop = await move('member', { kind: 'folder', id: publico, targetFolderId: plantas });
      expect(loop.statusCode).toBe(400);
      expect(loop.json().details).toEqual([expect.objectContaining({ field: 'body.targetFolderId' })]);
      // The unrestricted member moves the contract into the granted folder: now the restricted member sees it.
      expect((await move('member', { kind: 'file', id: contrato, targetFolderId: plantas })).statusCode).toBe(
        200,
      );
      const files = (
        await post('loadRepositoryFiles', 'restricted', { projectId, folderId: plantas })
      ).json();
      expect(titles(files.rows)).toEqual(['contrato-12.txt']);
      // The move is a save: a version row with the parent change.
      const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, contrato));
      expect(row!.parentId).toBe(plantas);
      expect(row!.version).toBe(2);
    });

    it('renames and deletes folders: empty ones only', async () => {
      const renamed = await post('renameRepositoryFolder', 'member', {
        folderId: contratos,
        title: 'Contratos antigos',
      });
      expect(renamed.json()).toMatchObject({ id: contratos, title: 'Contratos antigos' });
      expect(
        (await post('renameRepositoryFolder', 'restricted', { folderId: contratos, title: 'X' })).statusCode,
      ).toBe(404);
      const full = await post('deleteRepositoryFolder', 'member', { folderId: publico });
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('REPOSITORY_FOLDER_NOT_EMPTY');
      expect((await post('deleteRepositoryFolder', 'reader', { folderId: contratos })).statusCode).toBe(403);
      expect((await post('deleteRepositoryFolder', 'member', { folderId: contratos })).statusCode).toBe(200);
      expect(
        (await post('loadRepositoryFiles', 'member', { projectId, folderId: contratos })).statusCode,
      ).toBe(404);
    });
  });
});
