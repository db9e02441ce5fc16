import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, fakeApi, json } from './testing/fakeApi.ts';

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('reset password', () => {
  it("shows the 'mail sent' text with the server's text and returns to / after 3000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      // The contract answers a JSON string.
      'POST /users/resetPassword': () => json('verifique a sua caixa de entrada'),
    });
    renderApp({ path: '/reset-password' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^Login/), 'jose');
    await user.click(screen.getByRole('button', { name: 'Enviar link por e-mail' }));

    expect(await screen.findByText('E-mail enviado: verifique a sua caixa de entrada')).toBeTruthy();
    expect(api.find('POST', '/users/resetPassword')[0]?.body).toEqual({ UserName: 'jose' });
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(location()).toBe('/reset-password');
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    // The login page is a lazy route: the navigation completes once its module is in.
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows the error message on failure and stays', async () => {
    fakeApi({ 'POST /users/resetPassword': () => apiError(429, 'Muitas tentativas') });
    renderApp({ path: '/reset-password', language: 'en' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Login/), 'jose');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Muitas tentativas');
    expect(location()).toBe('/reset-password');
  });
});
