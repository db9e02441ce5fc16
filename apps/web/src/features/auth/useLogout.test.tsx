import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { readStoredSession, writeStoredSession } from '../session/sessionStorage.ts';
import { fakeApi, json, storedSession } from './testing/fakeApi.ts';
import { useLogout } from './useLogout.ts';

function Shell() {
  const logout = useLogout();
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <button type="button" onClick={() => void logout()}>
        Sair
      </button>
    </>
  );
}

function renderShell() {
  return renderApp({
    path: '/app',
    children: (
      <Routes>
        <Route path="*" element={<Shell />} />
      </Routes>
    ),
  });
}

describe('useLogout', () => {
  it('requests the logout, clears the stored data and returns to the stored login page', async () => {
    const api = fakeApi({ 'POST /users/logout': () => json({ success: true }) });
    writeStoredSession(storedSession({ loginPage: '/faixaDeDominio' }));
    renderShell();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/faixaDeDominio'));
    expect(api.find('POST', '/users/logout')).toHaveLength(1);
    expect(readStoredSession()).toBeNull();
  });

  it("still signs out when the request fails, and falls back to '/'", async () => {
    fakeApi({
      'POST /users/logout': () => json({ Message: 'x', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
    });
    renderShell();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});
