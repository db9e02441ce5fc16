import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, fakeApi, json } from './testing/fakeApi.ts';

const location = () => screen.getByTestId('location').textContent;
const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';
const INVALID =
  'Este link para criar uma nova senha é inválido ou expirou. Peça um novo em "Esqueci a senha".';

afterEach(() => {
  vi.useRealTimers();
});

describe('new password page (/newPassword?token=…)', () => {
  it('checks the link, sets the password, says so and returns to / after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      'POST /users/checkPasswordResetToken': () => json({ login: 'jose' }),
      'POST /users/setPasswordWithToken': () => json({ success: true }),
    });
    renderApp({ path: `/newPassword?token=${TOKEN}` });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    expect(await screen.findByRole('heading', { name: 'Criar uma nova senha' })).toBeTruthy();
    expect(((await screen.findByLabelText('Login')) as HTMLInputElement).value).toBe('jose');
    expect(api.find('POST', '/users/checkPasswordResetToken')[0]?.body).toEqual({ token: TOKEN });
    await user.type(screen.getByLabelText(/^Nova senha/), 'Outra-Senha-Longa-77');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'Outra-Senha-Longa-77');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));

    const success = await screen.findByText('Senha alterada com sucesso. Entre com a nova senha.');
    expect(success.closest('[role="status"]')).not.toBeNull();
    expect(api.find('POST', '/users/setPasswordWithToken')[0]?.body).toEqual({
      token: TOKEN,
      newPassword: 'Outra-Senha-Longa-77',
      passwordConfirm: 'Outra-Senha-Longa-77',
    });
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(location()).toBe(`/newPassword?token=${TOKEN}`);
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('says the link is invalid or expired before anything is typed, with a way to ask for a new one', async () => {
    const api = fakeApi({
      'POST /users/checkPasswordResetToken': () =>
        json({ Message: INVALID, code: 'AUTH_RESET_LINK_INVALID', requestId: 't' }, 400),
    });
    renderApp({ path: `/newPassword?token=${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.queryByLabelText(/^Nova senha/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(api.find('POST', '/users/setPasswordWithToken')).toHaveLength(0);
  });

  it('says a link without a token is incomplete, without asking the server', async () => {
    const api = fakeApi({});
    renderApp({ path: '/newPassword', language: 'en' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is incomplete. Open the link exactly as it came in the e-mail, or ask for a new one under "Forgot my password".',
    );
    expect(api.requests.filter((request) => request.path.startsWith('/users/'))).toHaveLength(0);
  });

  it('checks the confirmation in the browser and shows the server policy message on its field', async () => {
    const api = fakeApi({
      'POST /users/checkPasswordResetToken': () => json({ login: 'jose' }),
      'POST /users/setPasswordWithToken': () =>
        apiError(400, 'Dados inválidos nos campos: Nova senha.', [
          { field: 'body.newPassword', message: 'A senha deve ter pelo menos 8 caracteres' },
        ]),
    });
    renderApp({ path: `/newPassword?token=${TOKEN}` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'abc');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByText('As senhas não são iguais')).toBeTruthy();
    expect(api.find('POST', '/users/setPasswordWithToken')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirme a nova senha/));
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Dados inválidos nos campos: Nova senha.');
    expect(location()).toBe(`/newPassword?token=${TOKEN}`);
  });

  it('offers a new link when the link expired while the page was open', async () => {
    fakeApi({
      'POST /users/checkPasswordResetToken': () => json({ login: 'jose' }),
      'POST /users/setPasswordWithToken': () =>
        json({ Message: INVALID, code: 'AUTH_RESET_LINK_INVALID', requestId: 't' }, 400),
    });
    renderApp({ path: `/newPassword?token=${TOKEN}` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'Outra-Senha-Longa-77');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'Outra-Senha-Longa-77');
    expect(screen.queryByRole('link', { name: 'Pedir um novo link' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeTruthy();
  });
});
