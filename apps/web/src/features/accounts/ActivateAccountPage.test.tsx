import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, fakeApi, json } from '../auth/testing/fakeApi.ts';

const location = () => screen.getByTestId('location').textContent;

describe('account activation', () => {
  it('shows the account found by the token and activates it; OK goes to /faixaDeDominio', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /permissionario/getByToken': () =>
        json({ name: 'ENERGIA SUL LTDA', email: 'contato@energiasul.com.br' }),
      'GET /permissionario/activate': () => json({ success: true }),
    });
    renderApp({ path: '/activate?token=abc123' });
    expect(await screen.findByText('ENERGIA SUL LTDA')).toBeTruthy();
    expect(screen.getByText('contato@energiasul.com.br')).toBeTruthy();
    expect(api.find('POST', '/permissionario/getByToken')[0]?.body).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Ja possuo uma conta' }).getAttribute('href')).toBe('/');

    await user.click(screen.getByRole('button', { name: 'ATIVAR A CONTA' }));
    const dialog = await screen.findByRole('dialog', { name: 'A conta foi ativada com sucesso!' });
    expect(api.find('GET', '/permissionario/activate')[0]?.query.get('token')).toBe('abc123');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/faixaDeDominio'));
  });

  it('sends an activated applicant to /aet', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /requerente/getByToken': () => json({ name: 'MARIA', email: 'maria@example.com' }),
      'GET /requerente/activate': () => json({ success: true }),
    });
    renderApp({ path: '/activateRequerente?token=t1' });
    await user.click(await screen.findByRole('button', { name: 'ATIVAR A CONTA' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/aet'));
  });

  it("shows 'Token Invalido. Usuario ja ativado' when the lookup answers 1", async () => {
    fakeApi({ 'POST /requerente/getByToken': () => json(1) });
    renderApp({ path: '/activateRequerente?token=t1' });
    expect(await screen.findByText('Token Invalido. Usuario ja ativado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ATIVAR A CONTA' })).toBeNull();
  });

  it('says the link is incomplete when it has no token, without asking the server', async () => {
    const api = fakeApi({ 'POST /permissionario/getByToken': () => apiError(400, 'Dados inválidos') });
    renderApp({ path: '/activate' });
    expect(
      await screen.findByText(
        'O link de ativação está incompleto. Abra o link do e-mail que você recebeu ou copie o endereço inteiro, até o final.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Dados inválidos/)).toBeNull();
    expect(screen.queryByText('Procurando a conta…')).toBeNull();
    expect(api.find('POST', '/permissionario/getByToken')).toHaveLength(0);
  });

  it("shows the server's message for an invalid token", async () => {
    fakeApi({ 'POST /permissionario/getByToken': () => apiError(404, 'Token inválido') });
    renderApp({ path: '/activate?token=nope' });
    expect(await screen.findByText('Token inválido')).toBeTruthy();
  });
});
