import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

const AET = {
  key: 'aet',
  name: 'AET',
  applicationId: 1,
  version: 2,
  importedAt: '2026-06-15T13:00:00.000Z',
  components: 2,
};
const t = (text: string, en = text) => ({ 'pt-BR': text, en });
const TABLE = {
  key: 'limitesAet',
  name: t('Limites por enquadramento', 'Limits by legal framing'),
  columns: [
    { key: 'enquadramento', label: t('Enquadramento'), type: 'string' },
    { key: 'valor', label: t('Valor', 'Value'), type: 'number' },
    { key: 'inclusivo', label: t('Vale a partir do valor'), type: 'boolean' },
  ],
  rows: [
    { enquadramento: 'cvc', valor: 74, inclusivo: false },
    { enquadramento: 'todos', valor: 2.6, inclusivo: false },
  ],
};
const DOCUMENT = { key: 'aet', version: 2, components: [], referenceTables: [TABLE] };
const SAVED = {
  key: 'aet',
  version: 3,
  applicationId: 1,
  created: false,
  componentsAdded: [],
  componentsUpdated: [],
  componentsRemoved: [],
  groupsCreated: [],
};

async function openEditor() {
  renderApp({ path: '/administration/definitions' });
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'Editar as tabelas de referência de AET' },
      { timeout: 15_000 },
    ),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Tabelas de referência' });
  return {
    user,
    dialog,
    grid: await within(dialog).findByRole('table', { name: 'Limites por enquadramento' }),
  };
}

describe('the reference table editor of the definitions page', () => {
  it('edits typed cells, adds a row and saves the rows as a new version; axe-clean', async () => {
    const api = setupAdminApi({
      'GET /admin/definitions/list': () => json([AET]),
      'GET /admin/definitions/export': () => json(DOCUMENT),
      'POST /admin/definitions/referenceTable': () => json(SAVED),
    });
    const { user, dialog, grid } = await openEditor();
    const width = within(grid).getByLabelText('Valor, linha 2');
    expect((width as HTMLInputElement).value).toBe('2,6');
    await user.clear(width);
    await user.type(width, '3,2');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar linha' }));
    await user.type(within(grid).getByLabelText('Enquadramento, linha 3'), 'guindaste');
    await user.type(within(grid).getByLabelText('Valor, linha 3'), '1.234,5');
    await user.click(within(grid).getByLabelText('Vale a partir do valor, linha 3'));
    await user.click(within(grid).getByRole('button', { name: 'Remover a linha 1' }));
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova versão' }));
    expect(await within(dialog).findByText('Definição salva na versão 3.')).toBeTruthy();
    expect(api.find('POST', '/admin/definitions/referenceTable')[0]!.body).toEqual({
      key: 'aet',
      tableKey: 'limitesAet',
      rows: [
        { enquadramento: 'todos', valor: 3.2, inclusivo: false },
        { enquadramento: 'guindaste', valor: 1234.5, inclusivo: true },
      ],
    });
  });

  it('names a bad cell by row and column as it is typed, and shows the server’s refusal on its cell', async () => {
    setupAdminApi({
      'GET /admin/definitions/list': () => json([AET]),
      'GET /admin/definitions/export': () => json(DOCUMENT),
      'POST /admin/definitions/referenceTable': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            Message: 'Dados inválidos',
            details: [
              { field: 'rows.0.enquadramento', message: 'Linha 1, coluna “Enquadramento”: recusado' },
            ],
          },
          400,
        ),
    });
    const { user, dialog, grid } = await openEditor();
    const value = within(grid).getByLabelText('Valor, linha 2');
    await user.clear(value);
    await user.type(value, 'quatro');
    expect(within(grid).getByText('Linha 2, coluna “Valor”: informe um número')).toBeTruthy();
    const saveButton = within(dialog).getByRole('button', { name: 'Salvar nova versão' });
    expect(saveButton.hasAttribute('disabled')).toBe(true);
    await user.clear(value);
    await user.type(value, '4');
    await user.click(saveButton);
    expect(await within(grid).findByText('Linha 1, coluna “Enquadramento”: recusado')).toBeTruthy();
  });
});
