import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeRequest, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';

const REF = { fileFormId: 22, folderFormId: 21 };
const label = (text: string) => ({ 'pt-BR': text, en: text });

function tree(options: { canWrite?: boolean; manages?: boolean } = {}) {
  const canWrite = options.canWrite ?? true;
  return {
    repository: {
      key: 'documentos',
      name: label('Repositório de documentos'),
      ...REF,
      fileIndexes: [
        {
          key: 'tipoDocumento',
          label: label('Tipo de documento'),
          type: 'picklist',
          required: false,
          options: [{ value: 'projeto', label: label('Projeto') }],
        },
        { key: 'folha', label: label('Folha'), type: 'integer', required: false },
      ],
    },
    project: { id: 7, formattedId: 'PRJ-2026-0007', title: 'Duplicação BR-116' },
    canCreateRoot: canWrite,
    canManageAccess: options.manages ?? false,
    folders: [
      { id: 11, parentId: null, title: 'Contratos', canWrite, version: 1 },
      { id: 10, parentId: null, title: 'Projeto executivo', canWrite, version: 1 },
      { id: 12, parentId: 10, title: 'Pranchas', canWrite, version: 1 },
    ],
  };
}

const file = (id: number, folderId: number, title: string) => ({
  id,
  title,
  folderId,
  projectId: 7,
  projectTitle: 'Duplicação BR-116',
  attachmentId: id * 10,
  fileName: title,
  mediaType: 'application/pdf',
  size: 1536,
  fileVersion: 2,
  fileIndexes: { tipoDocumento: 'projeto', folha: 3 },
  modifiedAt: '2026-03-10T15:00:00.000Z',
  modifierName: 'Ana Analista',
  canWrite: true,
  version: 1,
});

function setup(options: { canWrite?: boolean; manages?: boolean } = {}) {
  return setupShellApi({
    routes: {
      'POST /repository/loadRepository': () => json(tree(options)),
      'POST /repository/loadRepositoryFiles': (request: FakeRequest) => {
        const folderId = (request.body as { folderId: number }).folderId;
        const rows = folderId === 12 ? [file(101, 12, 'prancha-01.pdf')] : [];
        return json({ total: rows.length, rows });
      },
      'POST /repository/moveRepositoryEntry': () => json({ id: 101 }),
      'POST /repository/loadFolderAccess': () =>
        json({ folderId: 11, users: [], groups: [{ id: 5, name: 'Consultores', canWrite: false }] }),
      'POST /repository/saveFolderAccess': () =>
        json({ folderId: 11, users: [], groups: [{ id: 5, name: 'Consultores', canWrite: true }] }),
      'POST /genericItem/loadGroups': () => json({ groups: [{ id: 5, name: 'Consultores' }] }),
      'POST /genericItem/loadUsers': () => json({ users: [] }),
    },
  });
}

describe('project repository (/runtime/{appID}/repository/{projectId}/{fileForm}/{folderForm}/{title})', () => {
  it('walks the folder tree with the keyboard and lists the chosen folder’s files', async () => {
    const api = setup();
    renderApp({ path: '/runtime/3/repository/7/22/21/Docs' });
    const folders = await screen.findByRole('tree', { name: 'Pastas' });
    const items = within(folders).getAllByRole('treeitem');
    expect(items.map((item) => item.textContent)).toEqual(['Contratos', 'Projeto executivo']);
    // The first folder is chosen at first; keyboard: down to 'Projeto executivo', right opens it, right again
    // goes into 'Pranchas'.
    await waitFor(() => expect(items[0]!.getAttribute('aria-selected')).toBe('true'));
    items[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(
        within(folders).getByRole('treeitem', { name: 'Projeto executivo' }).getAttribute('aria-selected'),
      ).toBe('true'),
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(
      within(folders).getByRole('treeitem', { name: 'Projeto executivo' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    const pranchas = await within(folders).findByRole('treeitem', { name: 'Pranchas' });
    await waitFor(() => expect(pranchas.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(pranchas);

    const table = await screen.findByRole('table', { name: 'Arquivos de Projeto executivo / Pranchas' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      'prancha-01.pdf',
      '1,5 KB',
      '2',
      'Tipo de documento: Projeto · Folha: 3',
    ]);
    const last = api.find('POST', '/repository/loadRepositoryFiles').at(-1)!;
    expect(last.body).toEqual({ ...REF, projectId: 7, folderId: 12, page: 0, rowsPerPage: 25 });
    // The drop zone is offered where the user may write.
    expect(screen.getByRole('group', { name: 'Enviar arquivos' })).toBeTruthy();
  });

  it('moves a file to the folder chosen in the dialog', async () => {
    const api = setup();
    renderApp({ path: '/runtime/3/repository/7/22/21/Docs' });
    const folders = await screen.findByRole('tree', { name: 'Pastas' });
    await userEvent.click(within(folders).getByText('Projeto executivo'));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await userEvent.click(await screen.findByRole('button', { name: 'Mover prancha-01.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover "prancha-01.pdf"' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Pasta de destino' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // Its own folder is not offered.
    expect(options).toEqual(['Contratos', 'Projeto executivo']);
    await userEvent.click(screen.getByRole('option', { name: 'Contratos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mover' }));
    await waitFor(() => expect(api.find('POST', '/repository/moveRepositoryEntry')).toHaveLength(1));
    expect(api.find('POST', '/repository/moveRepositoryEntry')[0]!.body).toEqual({
      ...REF,
      kind: 'file',
      id: 101,
      targetFolderId: 11,
    });
    expect(await screen.findByText('"prancha-01.pdf" movido para Contratos.')).toBeTruthy();
  });

  it('offers no change to a member who may only read', async () => {
    setup({ canWrite: false });
    renderApp({ path: '/runtime/3/repository/7/22/21/Docs' });
    await screen.findByRole('tree', { name: 'Pastas' });
    expect(await screen.findByText('Você pode consultar esta pasta, mas não alterá-la.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nova pasta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Renomear' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Enviar arquivos' })).toBeNull();
  });

  it('lets the project manager choose who of the restricted members may see and write in a folder', async () => {
    const api = setup({ manages: true });
    renderApp({ path: '/runtime/3/repository/7/22/21/Docs' });
    await screen.findByRole('tree', { name: 'Pastas' });
    await userEvent.click(await screen.findByRole('button', { name: 'Acesso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acesso à pasta "Contratos"' });
    const grants = await within(dialog).findByRole('list', { name: 'Acessos liberados' });
    expect(within(grants).getByText('Consultores')).toBeTruthy();
    await userEvent.click(within(grants).getByRole('checkbox', { name: 'Pode gravar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.find('POST', '/repository/saveFolderAccess')).toHaveLength(1));
    expect(api.find('POST', '/repository/saveFolderAccess')[0]!.body).toEqual({
      ...REF,
      folderId: 11,
      users: [],
      groups: [{ id: 5, canWrite: true }],
    });
    expect(await screen.findByText('Acesso à pasta salvo.')).toBeTruthy();
  });
});
