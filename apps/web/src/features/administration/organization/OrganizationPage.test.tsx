import type { OrganizationalUnit } from '@der/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, type FakeHandler, json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

const unit = (overrides: Partial<OrganizationalUnit> & Pick<OrganizationalUnit, 'id' | 'name'>) => ({
  acronym: '',
  parentId: null,
  active: true,
  version: 1,
  ...overrides,
});

const UNITS: OrganizationalUnit[] = [
  unit({ id: 3, name: 'Divisão de Faixa de Domínio', acronym: 'DFD', parentId: 2 }),
  unit({ id: 1, name: 'Superintendência', acronym: 'SUP' }),
  unit({ id: 2, name: 'Diretoria de Operações', acronym: 'DO', parentId: 1 }),
  unit({ id: 4, name: 'Diretoria de Engenharia', acronym: 'DE', parentId: 1, active: false }),
];

function setup(routes: Record<string, FakeHandler> = {}) {
  return setupAdminApi({
    'POST /organizationalUnit/list': () => json(UNITS),
    'POST /organizationalUnit/save': () =>
      json({ success: true, message: 'Unidade salva', id: 9, version: 1 }),
    'POST /organizationalUnit/delete': () => json({ success: true, message: 'Unidade excluída' }),
    ...routes,
  });
}

async function openPage() {
  renderApp({ path: '/administration/organization' });
  const table = await screen.findByRole('table', { name: 'Estrutura organizacional' });
  await within(table).findByText('Superintendência');
  return { user: userEvent.setup(), table };
}

describe('organisational structure page', () => {
  it('shows the units as an indented tree: parents first, children below them, siblings by name', async () => {
    setup();
    const { table } = await openPage();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [row.getAttribute('data-depth'), within(row).getAllByRole('cell')[1]!.textContent]),
    ).toEqual([
      ['0', 'SUP'],
      ['1', 'DE'],
      ['1', 'DO'],
      ['2', 'DFD'],
    ]);
    expect(within(rows[1]!).getByText('Inativa')).toBeTruthy();
    expect(within(rows[3]!).getByText(/Nível 3/)).toBeTruthy();
  });

  it('creates a unit under another and offers as parent neither the unit itself nor those below it', async () => {
    const api = setup();
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Nova unidade subordinada a Diretoria de Operações' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova unidade' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Divisão de Fiscalização');
    await user.type(within(dialog).getByRole('textbox', { name: 'Sigla' }), 'dfi');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Unidade salva')).toBeTruthy();
    expect(api.find('POST', '/organizationalUnit/save')[0]!.body).toEqual({
      id: 0,
      name: 'Divisão de Fiscalização',
      acronym: 'DFI',
      parentId: 2,
      active: true,
      version: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Editar Diretoria de Operações' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar unidade' });
    await user.click(within(edit).getByRole('combobox', { name: 'Unidade superior' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Nenhuma (unidade raiz)',
      'SUP — Superintendência',
      'DE — Diretoria de Engenharia',
    ]);
  });

  it('shows a server error on the field it names, and a 409 above the form', async () => {
    let answer = apiError(400, 'Dados inválidos', [
      {
        field: 'body.parentId',
        message: 'A unidade superior não pode ser a própria unidade nem uma de suas subordinadas',
      },
    ]);
    setup({ 'POST /organizationalUnit/save': () => answer });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Editar Superintendência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar unidade' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText(
        'A unidade superior não pode ser a própria unidade nem uma de suas subordinadas',
      ),
    ).toBeTruthy();

    answer = json(
      { Message: 'O registro foi alterado por outra pessoa.', code: 'CONFLICT', requestId: 't' },
      409,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'O registro foi alterado por outra pessoa.',
    );
  });

  it('deletes after confirmation and shows why the server refused', async () => {
    const api = setup({
      'POST /organizationalUnit/delete': () =>
        json(
          {
            Message: 'A unidade "Superintendência" tem unidades subordinadas.',
            code: 'ORGANIZATIONAL_UNIT_HAS_CHILDREN',
            requestId: 't',
          },
          409,
        ),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Excluir Superintendência' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir unidade' });
    expect(
      within(confirm).getByText('Tem certeza que deseja excluir a unidade "Superintendência"?'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: /Sim|Confirmar|OK/i }));
    expect(await screen.findByText('A unidade "Superintendência" tem unidades subordinadas.')).toBeTruthy();
    expect(api.find('POST', '/organizationalUnit/delete')[0]!.body).toEqual({ id: 1 });
  });
});
