import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { readStoredSession, writeStoredSession } from '../session/sessionStorage.ts';
import {
  apiError,
  base64LoginResult,
  fakeApi,
  fakeToken,
  json,
  loginResult,
  storedSession,
} from './testing/fakeApi.ts';

const location = () => screen.getByTestId('location').textContent;
const pending = () =>
  storedSession({
    platformMFAEnabled: true,
    userMFAEnabled: true,
    mfaAuthenticated: false,
    token: fakeToken({ sub: 'login' }),
  });

describe('validate MFA', () => {
  it('requires exactly 6 digits before sending', async () => {
    const api = fakeApi({});
    writeStoredSession(pending());
    renderApp({ path: '/validateMFA?next=%2Fapp' });
    const user = userEvent.setup();
    const code = await screen.findByLabelText(/^Código de 6 dígitos/);
    await user.type(code, '12a345');
    expect(code).toHaveProperty('value', '12345');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('O código deve ter 6 dígitos')).toBeTruthy();
    await user.type(code, '67');
    expect(code).toHaveProperty('value', '123456');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('sends the stored token as logonresult, stores the new session and goes to next', async () => {
    const session = pending();
    const newToken = fakeToken({ sub: 'done' });
    const api = fakeApi({
      'POST /users/validateMFA': () =>
        base64LoginResult(
          loginResult({
            token: newToken,
            platformMFAEnabled: true,
            userMFAEnabled: true,
            mfaAuthenticated: true,
          }),
        ),
    });
    writeStoredSession(session);
    renderApp({ path: '/validateMFA?next=%2Fruntime%2F7' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Código de 6 dígitos/), '123456');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(location()).toBe('/runtime/7'));
    expect(api.find('POST', '/users/validateMFA')[0]?.body).toEqual({
      logonresult: session.token,
      userCode: '123456',
    });
    expect(readStoredSession()).toMatchObject({ token: newToken, mfaAuthenticated: true, loginPage: '/aet' });
  });

  it('shows the failure message on the page', async () => {
    fakeApi({ 'POST /users/validateMFA': () => apiError(400, 'Código inválido') });
    writeStoredSession(pending());
    renderApp({ path: '/validateMFA' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Código de 6 dígitos/), '000000');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Código inválido');
    expect(location()).toBe('/validateMFA');
  });

  it('cancel logs out, clears the stored session and goes to /?next={target}', async () => {
    const api = fakeApi({ 'POST /users/logout': () => json({ success: true }) });
    writeStoredSession(pending());
    renderApp({ path: '/validateMFA?next=%2Fadministration' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location()).toBe('/?next=%2Fadministration'));
    expect(api.find('POST', '/users/logout')).toHaveLength(1);
    expect(readStoredSession()).toBeNull();
  });
});

describe('enable MFA', () => {
  it('shows the steps, the QR code with its alt text and the text code, and registers the first code', async () => {
    const api = fakeApi({
      'GET /users/getMFAData': () =>
        json({ qrcode: 'data:image/png;base64,iVBORw0KGgo=', code: 'JBSWY3DPEHPK3PXP' }),
      'POST /users/registerUserMFA': () =>
        base64LoginResult(
          loginResult({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: true }),
        ),
    });
    writeStoredSession(storedSession({ platformMFAEnabled: true }));
    renderApp({ path: '/enableMFA?next=%2Fapp', language: 'en' });
    const qr = await screen.findByRole('img', { name: 'QR code to set up the authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.getByText(/Install an authenticator app/)).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(location()).toBe('/app'));
    expect(api.find('POST', '/users/registerUserMFA')[0]?.body).toMatchObject({ userCode: '654321' });
    expect(readStoredSession()).toMatchObject({ userMFAEnabled: true, mfaAuthenticated: true });
  });
});
