import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError } from '../auth/testing/fakeApi.ts';
import { SESSION_STORAGE_KEY } from '../session/sessionStorage.ts';
import { buildApplication } from '../shell/testing/shellFixtures.ts';
import { setupShellApi } from '../shell/testing/shellTestApi.ts';

const location = () => screen.getByTestId('location').textContent;

describe('application chooser (/app)', () => {
  it('sends a non-admin user with one non-toolbar application straight to its runtime', async () => {
    setupShellApi({ applications: [buildApplication({ id: 7 })] });
    renderApp({ path: '/app' });
    await waitFor(() => expect(location()).toBe('/runtime/7'));
  });

  it('shows the chooser when the only application is a toolbar shortcut', async () => {
    setupShellApi({ applications: [buildApplication({ id: 7, name: 'Atalho', displayOnToolbar: true })] });
    renderApp({ path: '/app' });
    expect(await screen.findByRole('heading', { name: 'Atalho' })).toBeTruthy();
    expect(location()).toBe('/app');
    // The toolbar icon of the shortcut application.
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Atalho' })).toBeTruthy();
  });

  it('shows the chooser to an administrator with one application', async () => {
    setupShellApi({
      session: { hasPanelAdminPermission: true },
      applications: [buildApplication({ id: 7, name: 'AET' })],
    });
    renderApp({ path: '/app' });
    expect(await screen.findByRole('heading', { name: 'AET' })).toBeTruthy();
    expect(location()).toBe('/app');
  });

  it('opens the runtime of a chosen application, and the link of a URL application in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setupShellApi({
      applications: [
        buildApplication({ id: 1, name: 'AET' }),
        buildApplication({
          id: 2,
          name: 'Portal externo',
          urlBehavior: true,
          urlLink: 'https://example.org/x',
        }),
      ],
    });
    const user = userEvent.setup();
    renderApp({ path: '/app' });
    await user.click(await screen.findByRole('button', { name: /Portal externo/ }));
    expect(open).toHaveBeenCalledWith('https://example.org/x', '_blank', 'noopener,noreferrer');
    expect(location()).toBe('/app');
    await user.click(screen.getByRole('button', { name: 'AET' }));
    await waitFor(() => expect(location()).toBe('/runtime/1'));
    open.mockRestore();
  });

  it('links the logo to /app and shows the apps button only with more than one application', async () => {
    setupShellApi({
      applications: [buildApplication({ id: 1, name: 'A' }), buildApplication({ id: 2, name: 'B' })],
    });
    renderApp({ path: '/app' });
    await screen.findByRole('heading', { name: 'A' });
    expect(screen.getByRole('link', { name: 'DER - Aplicações' }).getAttribute('href')).toBe('/app');
    expect(screen.getByRole('link', { name: 'Aplicações' }).getAttribute('href')).toBe('/app');
  });

  it('hides the apps button with one application', async () => {
    setupShellApi({
      session: { hasPanelAdminPermission: true },
      applications: [buildApplication({ name: 'Só' })],
    });
    renderApp({ path: '/app' });
    await screen.findByRole('heading', { name: 'Só' });
    expect(screen.queryByRole('link', { name: 'Aplicações' })).toBeNull();
  });

  it('on a list failure shows the error, removes the stored session and returns to the login with next', async () => {
    setupShellApi({
      routes: {
        'GET /application/getAllowedApplications': () =>
          apiError(500, 'Falha ao listar##DETAILEDERROR##stack'),
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/app' });
    expect(await screen.findByText('Falha ao listar')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/aet?next=%2Fapp'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
