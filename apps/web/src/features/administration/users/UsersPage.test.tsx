import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { buildUserEdit, buildUserRow, setupAdminApi } from '../testing/adminTestApi.ts';

const ROWS = [
  buildUserRow({ id: 2, name: 'Bruno', email: 'bruno@x.com', companyName: 'Transportes Beta' }),
  buildUserRow({ id: 1, name: 'Ana', email: 'ana@x.com' }),
  buildUserRow({ id: 3, name: 'Carla', email: 'carla@x.com', companyName: 'Alfa Cargas' }),
];

function bodyRows() {
  const table = screen.getByRole('table', { name: 'DER Usuários' });
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-id'));
}

describe('users list (/administration/users)', () => {
  it('shows the title, the columns with filters, rows sorted by name and is axe-clean', async () => {
    setupAdminApi({ 'POST /user/getUsers': () => json(ROWS) });
    renderApp({ path: '/administration/users/Usuários' });
    expect(await screen.findByRole('heading', { name: 'DER Usuários' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(bodyRows().map((row) => row.getAttribute('data-row-id'))).toEqual(['1', '2', '3']);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Nome', 'Email', 'Empresa']));
    expect(screen.getByRole('columnheader', { name: /Nome/ }).getAttribute('aria-sort')).toBe('ascending');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Filtrar Empresa' }), 'beta');
    expect(bodyRows().map((row) => row.getAttribute('data-row-id'))).toEqual(['2']);
    await user.clear(screen.getByRole('textbox', { name: 'Filtrar Empresa' }));
    await user.type(screen.getByRole('textbox', { name: 'Filtrar Nome' }), 'zzz');
    expect(screen.getByText('Nenhum registro foi encontrado.')).toBeTruthy();
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('answers in English: title, empty text and selection label', async () => {
    setupAdminApi({ 'POST /user/getUsers': () => json([]) });
    renderApp({ path: '/administration/User/Users', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'DER Users' })).toBeTruthy();
    expect(await screen.findByText('No records found')).toBeTruthy();
  });

  it('counts the selection, confirms the delete, shows the success message and reloads', async () => {
    const api = setupAdminApi({
      'POST /user/getUsers': () => json(ROWS),
      'POST /user/deleteUsers': () =>
        json({
          success: true,
          message: 'Users have been removed successfully!',
          deleted: [1, 2],
          deactivated: [],
        }),
    });
    renderApp({ path: '/administration/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar Ana' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno' }));
    expect(screen.getByTestId('selection-label').textContent).toBe('2 linha(s) selecionada(s)');
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja remover o usuário selecionado?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Users have been removed successfully!')).toBeTruthy();
    expect(api.find('POST', '/user/deleteUsers')[0]!.body).toEqual({ ids: [1, 2] });
    await waitFor(() => expect(api.find('POST', '/user/getUsers')).toHaveLength(2));
  });

  it('opens a blank form (id 0) for a new user, validates it, saves, notifies and reloads', async () => {
    const api = setupAdminApi({
      'POST /user/getUsers': () => json(ROWS),
      'GET /user/getUsertoEdit': () => json(buildUserEdit()),
      'POST /user/saveUser': () =>
        json({ success: true, message: 'The User was successfully saved!', id: 9, version: 1 }),
    });
    renderApp({ path: '/administration/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await within(dialog).findByRole('textbox', { name: /Nome/ });
    expect(api.find('GET', '/user/getUsertoEdit')[0]!.query.get('UserId')).toBe('0');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findAllByText('Obrigatório')).length).toBeGreaterThan(0);
    expect(api.find('POST', '/user/saveUser')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Davi');
    await user.type(within(dialog).getByRole('textbox', { name: /Login/ }), 'Davi');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'davi@der.sp.gov.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('The User was successfully saved!')).toBeTruthy();
    expect(api.find('POST', '/user/saveUser')[0]!.body).toMatchObject({ id: 0, login: 'davi', version: 0 });
    await waitFor(() => expect(api.find('POST', '/user/getUsers')).toHaveLength(2));
  });

  it('checks that a work period starts before it ends', async () => {
    setupAdminApi({
      'POST /user/getUsers': () => json(ROWS),
      'GET /user/getUsertoEdit': () =>
        json(
          buildUserEdit({
            id: 1,
            name: 'Ana',
            login: 'ana',
            email: 'ana@x.com',
            version: 3,
            calendar: { workPeriods: [{ weekday: 1, start: '08:00', end: '17:00' }] },
          }),
        ),
    });
    renderApp({ path: '/administration/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Ana'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    const period = await within(dialog).findByTestId('work-period-0');
    fireEvent.change(within(period).getByLabelText('Início'), { target: { value: '18:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('O início deve ser anterior ao fim')).toBeTruthy();
  });

  it('on a version conflict (409) shows the message and reloads the record on request', async () => {
    let reads = 0;
    const api = setupAdminApi({
      'POST /user/getUsers': () => json(ROWS),
      'GET /user/getUsertoEdit': () => {
        reads += 1;
        return json(
          buildUserEdit({
            id: 1,
            name: reads === 1 ? 'Ana' : 'Ana Maria',
            login: 'ana',
            email: 'ana@x.com',
            version: reads,
          }),
        );
      },
      'POST /user/saveUser': () =>
        json(
          {
            Message: 'Registro alterado por Bruno. Recarregue.',
            code: 'ADMIN_USER_VERSION_CONFLICT',
            requestId: 't',
          },
          409,
        ),
    });
    renderApp({ path: '/administration/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Ana'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    await within(dialog).findByDisplayValue('Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Registro alterado por Bruno. Recarregue.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Recarregar' }));
    expect(await within(dialog).findByDisplayValue('Ana Maria')).toBeTruthy();
    expect(api.find('GET', '/user/getUsertoEdit')).toHaveLength(2);
  });

  it('maps the 400 field errors of the server onto the fields', async () => {
    setupAdminApi({
      'POST /user/getUsers': () => json(ROWS),
      'GET /user/getUsertoEdit': () =>
        json(buildUserEdit({ id: 1, name: 'Ana', login: 'ana', email: 'ana@x.com', version: 1 })),
      'POST /user/saveUser': () =>
        apiError(400, 'Dados inválidos', [{ field: 'body.login', message: 'Login já usado' }]),
    });
    renderApp({ path: '/administration/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Ana'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    await within(dialog).findByDisplayValue('Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Login já usado')).toBeTruthy();
  });
});
