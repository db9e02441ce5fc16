import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, json } from '../auth/testing/fakeApi.ts';
import { readStoredSession, SESSION_STORAGE_KEY } from '../session/sessionStorage.ts';
import { buildApplication } from '../shell/testing/shellFixtures.ts';
import { setupShellApi } from '../shell/testing/shellTestApi.ts';

const location = () => screen.getByTestId('location').textContent;

function setup(options: Parameters<typeof setupShellApi>[0] = {}) {
  const api = setupShellApi({
    applications: [buildApplication({ name: 'AET' }), buildApplication({ id: 2, name: 'TPEU' })],
    ...options,
  });
  renderApp({ path: '/app' });
  return { api, user: userEvent.setup() };
}

async function openUserMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Menu do usuário José' }));
  return screen.findByRole('menu', { name: 'Menu do usuário' });
}

describe('user menu', () => {
  it('shows name and e-mail, presence status and the change-password item with the permission', async () => {
    const { user } = setup();
    const menu = await openUserMenu(user);
    expect(within(menu).getByTestId('user-name').textContent).toBe('José');
    expect(within(menu).getByTestId('user-email').textContent).toBe('jose@example.com');
    expect(within(menu).getByRole('menuitemradio', { name: 'Online' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Ocupado' }));
    expect(within(menu).getByRole('menuitemradio', { name: 'Ocupado' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Alterar a senha' })).toBeTruthy();
  });

  it('hides change password without hasChangePasswordPermission', async () => {
    const { user } = setup({ session: { hasChangePasswordPermission: false } });
    const menu = await openUserMenu(user);
    expect(within(menu).queryByRole('menuitem', { name: 'Alterar a senha' })).toBeNull();
  });

  it('exit requests the logout, clears the session and returns to the stored login page', async () => {
    const { api, user } = setup();
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(location()).toBe('/aet'));
    expect(api.find('POST', '/users/logout')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('edit profile', () => {
  it('validates, saves, updates the stored session and confirms', async () => {
    const { api, user } = setup({
      routes: {
        'POST /users/updateProfile': () =>
          json({ id: 42, name: 'José Souza', email: 'jose.souza@example.com', avatar: '' }),
      },
    });
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Editar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar perfil' });
    expect(within(dialog).getByRole('slider', { name: 'Zoom da foto' }).getAttribute('aria-valuenow')).toBe(
      '1',
    );
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'jose@exemplo.comercial');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Invalid email')).toBeTruthy();
    const name = within(dialog).getByRole('textbox', { name: /Nome/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    expect(api.find('POST', '/users/updateProfile')).toHaveLength(0);

    await user.type(name, 'José Souza');
    await user.clear(email);
    await user.type(email, 'jose.souza@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil atualizado com sucesso')).toBeTruthy();
    expect(api.find('POST', '/users/updateProfile')[0]!.body).toEqual({
      name: 'José Souza',
      email: 'jose.souza@example.com',
      avatar: '',
    });
    expect(readStoredSession()?.loggedUser).toMatchObject({
      name: 'José Souza',
      email: 'jose.souza@example.com',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar perfil' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Menu do usuário José Souza' })).toBeTruthy();
  });

  it('on error shows the message and closes, keeping the stored user', async () => {
    const { user } = setup({
      routes: { 'POST /users/updateProfile': () => apiError(409, 'E-mail já cadastrado') },
    });
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Editar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar perfil' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('E-mail já cadastrado')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar perfil' })).toBeNull());
    expect(readStoredSession()?.loggedUser.name).toBe('José');
  });
});

describe('change password', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Alterar a senha' }));
    return screen.findByRole('dialog', { name: 'Alterar a senha' });
  }

  it('requires every field and equal passwords', async () => {
    const { api, user } = setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(3);
    await user.type(within(dialog).getByLabelText(/Senha atual/), 'velha');
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'nova1');
    await user.type(within(dialog).getByLabelText(/Confirme a nova senha/), 'nova2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('As senhas não são iguais')).toBeTruthy();
    expect(api.find('POST', '/users/changePassword')).toHaveLength(0);
  });

  it('keeps the dialog open with a persistent error notice on failure', async () => {
    const { api, user } = setup({
      routes: { 'POST /users/changePassword': () => apiError(400, 'Senha atual incorreta') },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Senha atual/), 'velha');
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'nova');
    await user.type(within(dialog).getByLabelText(/Confirme a nova senha/), 'nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Senha atual incorreta')).toBeTruthy();
    expect(api.find('POST', '/users/changePassword')[0]!.body).toEqual({
      oldPassword: 'velha',
      newPassword: 'nova',
      confirmPassword: 'nova',
    });
    const dialogAfter = screen.getByRole('dialog', { name: 'Alterar a senha' });
    // Inside the (modal) dialog, so assistive technology reaches it; it stays until dismissed or retried.
    expect(within(dialogAfter).getByRole('alert').textContent).toContain('Senha atual incorreta');
  });

  it('shows the success notice and closes', async () => {
    const { user } = setup({ routes: { 'POST /users/changePassword': () => json({ success: true }) } });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Senha atual/), 'velha');
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'nova');
    await user.type(within(dialog).getByLabelText(/Confirme a nova senha/), 'nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Senha alterada com sucesso')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alterar a senha' })).toBeNull());
  });
});

describe('connection notices', () => {
  it('shows an error when the connection drops and a success when it returns', async () => {
    setup();
    await screen.findByRole('button', { name: 'Menu do usuário José' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('Conexão perdida')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Conexão restaurada')).toBeTruthy();
  });
});
