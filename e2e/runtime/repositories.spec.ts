import { readFile } from 'node:fs/promises';
import type { RepositoryFolder, RepositoryProjects } from '@der/contracts';
import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { signInThroughForm, uniqueTitle } from '../fixtures/shell.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** The works project whose repository the spec uses (demo-projects.data.ts; seeded with five folders). */
const PROJECT = 'Sinalização horizontal SP-310 km 150–210';
const REPOSITORY = 'Repositório de documentos';
const LIST_TITLE = 'Repositórios';

/** A project's repository page, reached from the repositories list as a user does. */
async function openProjectRepository(page: Page) {
  await page.getByRole('link', { name: `Abrir ${REPOSITORY} do projeto ${PROJECT}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${REPOSITORY} – .*${PROJECT}`) }),
  ).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('project document repositories (spec §2.9)', () => {
  test('an analyst creates a folder, uploads, moves, searches and downloads', async ({
    page,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const tag = uniqueTitle('e2e').replace(/\s+/g, '-');
    const folderName = `Pasta ${tag}`;
    const first = `${tag}-memorial.txt`;
    const second = `${tag}-planta.txt`;

    await test.step('the repositories list leads to the project repository with its folders', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.projetos}/repositories/${encodeURIComponent(LIST_TITLE)}`,
      });
      await expect(page.getByRole('heading', { level: 1, name: LIST_TITLE })).toBeVisible({
        timeout: 20_000,
      });
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await openProjectRepository(page);
      const tree = page.getByRole('tree', { name: 'Pastas' });
      await expect(tree.getByRole('treeitem', { name: '04 Medições' })).toBeVisible();
    });

    await test.step('create a folder', async () => {
      await page.getByRole('button', { name: 'Nova pasta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova pasta' });
      await dialog.getByRole('textbox', { name: 'Nome da pasta' }).fill(folderName);
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('treeitem', { name: folderName })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 2, name: `Arquivos de ${folderName}` })).toBeVisible();
    });

    const table = page.getByRole('table', { name: `Arquivos de ${folderName}` });
    await test.step('upload two files at once', async () => {
      await page.getByTestId('attachments-input').setInputFiles([
        { name: first, mimeType: 'text/plain', buffer: Buffer.from('Memorial descritivo da sinalização.') },
        { name: second, mimeType: 'text/plain', buffer: Buffer.from('Planta de sinalização, folha 1.') },
      ]);
      await expect(page.getByText('2 arquivos enviados.')).toBeVisible({ timeout: 20_000 });
      await expect(table.getByRole('row', { name: new RegExp(first) })).toContainText('1');
      await expect(table.getByRole('row', { name: new RegExp(second) })).toBeVisible();
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    });

    await test.step('move one file to another folder', async () => {
      await page.getByRole('button', { name: `Mover ${first}` }).click();
      const dialog = page.getByRole('dialog', { name: `Mover "${first}"` });
      await dialog.getByRole('combobox', { name: 'Pasta de destino' }).click();
      await page.getByRole('option', { name: '04 Medições', exact: true }).click();
      await dialog.getByRole('button', { name: 'Mover' }).click();
      await expect(page.getByText(`"${first}" movido para 04 Medições.`)).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(first) })).toHaveCount(0);
    });

    await test.step('search by name across the project', async () => {
      await page.getByRole('searchbox', { name: 'Pesquisar por nome ou índice do arquivo' }).fill(tag);
      const results = page.getByRole('table', { name: `Arquivos encontrados para "${tag}"` });
      await expect(results.getByRole('row', { name: new RegExp(first) })).toBeVisible({ timeout: 20_000 });
      await expect(results.getByRole('row', { name: new RegExp(second) })).toBeVisible();
    });

    await test.step('download a file', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: `Baixar ${second}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(second);
      expect(await readFile((await download.path())!, 'utf8')).toBe('Planta de sinalização, folha 1.');
    });
  });

  test('a member restricted to one folder sees only that folder', async ({
    page,
    adminSession,
    demoAppIds,
    freshUser,
    makeAxeBuilder,
  }) => {
    const tag = uniqueTitle('e2e');
    const user = await freshUser();
    const { id: groupId } = await adminSession.post<{ id: number }>('/api/group/saveGroup', {
      id: 0,
      name: `Consultores ${tag}`,
      memberIds: [user.id],
      applicationIds: [demoAppIds.projetos],
    });
    const listed = await adminSession.post<RepositoryProjects>('/api/repository/loadRepositoryProjects', {
      applicationId: demoAppIds.projetos,
    });
    const project = listed.projects.find((entry) => entry.title === PROJECT)!;
    const repository = listed.repositories[0]!;
    const ref = { fileFormId: repository.fileFormId, folderFormId: repository.folderFormId };
    const folder = (title: string) =>
      adminSession.post<RepositoryFolder>('/api/repository/createRepositoryFolder', {
        ...ref,
        projectId: project.id,
        title,
      });
    const granted = await folder(`Liberada ${tag}`);
    const hidden = await folder(`Reservada ${tag}`);

    type Entry = { id: number; readOnly: boolean; restrictFolderAccess: boolean };
    const before = await adminSession.post<{ users: Entry[]; groups: Entry[] }>(
      '/api/genericItem/loadProjectPermissions',
      { projectId: project.id },
    );
    const entries = (list: Entry[]) =>
      list.map(({ id, readOnly, restrictFolderAccess }) => ({ id, readOnly, restrictFolderAccess }));
    await adminSession.post('/api/genericItem/saveProjectPermissions', {
      projectId: project.id,
      users: entries(before.users),
      groups: [...entries(before.groups), { id: groupId, readOnly: true, restrictFolderAccess: true }],
    });
    try {
      await adminSession.post('/api/repository/saveFolderAccess', {
        ...ref,
        folderId: granted.id,
        groups: [{ id: groupId, canWrite: false }],
      });
      const path = `/runtime/${demoAppIds.projetos}/repository/${project.id}/${ref.fileFormId}/${ref.folderFormId}/${encodeURIComponent(PROJECT)}`;
      await signInThroughForm(page, user, path);
      const tree = page.getByRole('tree', { name: 'Pastas' });
      await expect(tree.getByRole('treeitem', { name: granted.title })).toBeVisible({ timeout: 20_000 });
      await expect(tree.getByRole('treeitem')).toHaveCount(1);
      await expect(page.getByText(hidden.title)).toHaveCount(0);
      await expect(page.getByText('Você pode consultar esta pasta, mas não alterá-la.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Nova pasta' })).toHaveCount(0);
      const axe = await makeAxeBuilder().analyze();
      expect(axe.violations).toEqual([]);
    } finally {
      await adminSession.post('/api/genericItem/saveProjectPermissions', {
        projectId: project.id,
        users: entries(before.users),
        groups: entries(before.groups),
      });
    }
  });
});
