import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeStoredSession } from '../features/session/sessionStorage.ts';
import { UI_STATE_STORAGE_KEY } from '../shared/ui-state/uiStateStore.ts';
import { fakeJwt } from '../test/fakeJwt.ts';
import { renderApp } from '../test/renderApp.tsx';
import { LANGUAGE_STORAGE_KEY } from './storedLanguage.ts';

describe('not-found page', () => {
  it('shows 404 and the Portuguese message with a link back to /', async () => {
    renderApp({ path: '/nao-existe' });
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('A página não foi encontrada.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('DER - Página não encontrada');
  });

  it('shows the English message on the English UI', async () => {
    renderApp({ path: '/nope', language: 'en' });
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('switches language with the PT / EN buttons and remembers the choice', async () => {
    renderApp({ path: '/nao-existe' });
    fireEvent.click(await screen.findByRole('button', { name: 'EN' }));
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('hides the language buttons when multi-language is off', async () => {
    renderApp({ path: '/nao-existe', settings: { enableMultiLanguage: false } });
    await screen.findByText('A página não foi encontrada.');
    expect(screen.queryByRole('button', { name: 'EN' })).toBeNull();
  });

  it('unknown runtime sub-paths are not found either', async () => {
    writeStoredSession({
      token: fakeJwt({ iat: Date.now() / 1000, exp: Date.now() / 1000 + 3600 }),
      platformMFAEnabled: false,
      userMFAEnabled: false,
      mfaAuthenticated: false,
      hasPanelAdminPermission: false,
      hasChangePasswordPermission: false,
      isAdministratorLogged: false,
      loggedUser: { id: 1, name: 'Ana', avatar: '', email: 'a@b.c' },
      loginPage: '/',
    });
    renderApp({ path: '/runtime/4/naoExiste' });
    // The runtime shell's chunk loads first: seconds on a loaded two-core machine.
    expect(await screen.findByText('A página não foi encontrada.', {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('maintenance', () => {
  it('redirects any path to /maintenance and shows the maintenance text', async () => {
    renderApp({ path: '/aet?x=1', settings: { maintenance: true } });
    expect(
      await screen.findByText('EM MANUTENÇÃO: O sistema está passando por manutenção e voltará em breve.'),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/maintenance');
  });

  it('shows the English text on the English UI', async () => {
    renderApp({ path: '/maintenance', language: 'en', settings: { maintenance: true } });
    expect(
      await screen.findByText(
        'UNDER MAINTENANCE: The system is undergoing maintenance and will be back shortly.',
      ),
    ).toBeTruthy();
  });

  it('still shows the page at /maintenance when maintenance is off', async () => {
    renderApp({ path: '/maintenance' });
    expect(await screen.findByText(/EM MANUTENÇÃO/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/maintenance');
  });
});

describe('route table', () => {
  it('shows the right-of-way login at /faixaDeDominio', async () => {
    renderApp({ path: '/faixaDeDominio' });
    expect(await screen.findByRole('heading', { name: 'Faixa de Domínio - TPEU' })).toBeTruthy();
    expect(document.title).toBe('DER - Login da Faixa de Domínio');
  });

  it('sends a visitor without a session from a session route to the login with next', async () => {
    renderApp({ path: '/runtime/12/list/1/2/3/4/Lista?page=2' });
    expect(await screen.findByRole('heading', { name: 'Acesse sua conta' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(
      `/?next=${encodeURIComponent('/runtime/12/list/1/2/3/4/Lista?page=2')}`,
    );
  });

  it('sends a signed-in user from the bare /runtime to the chooser of their applications', async () => {
    signIn();
    renderApp({ path: '/runtime' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app'), { timeout: 15_000 });
    expect(screen.queryByText('Em construção')).toBeNull();
  });

  it('opens a runtime sub-route for a signed-in user', async () => {
    signIn();
    renderApp({ path: '/runtime/12/closeMonthList/Fechamento' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fechamento' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});

function signIn() {
  const now = Date.now() / 1000;
  writeStoredSession({
    token: fakeJwt({ iat: now, exp: now + 3600 }),
    platformMFAEnabled: false,
    userMFAEnabled: false,
    mfaAuthenticated: false,
    hasPanelAdminPermission: false,
    hasChangePasswordPermission: false,
    isAdministratorLogged: false,
    loggedUser: { id: 1, name: 'Ana', avatar: '', email: 'a@b.c' },
    loginPage: '/',
  });
}

describe('appearance menu', () => {
  it("toggles dark mode and remembers it under 'root'", async () => {
    renderApp({ path: '/nao-existe' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mudar para o modo escuro' }));
    expect(await screen.findByRole('button', { name: 'Mudar para o modo claro' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(UI_STATE_STORAGE_KEY)!)).toMatchObject({ mode: 'dark' });
  });
});
