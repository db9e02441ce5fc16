import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { readStoredSession, SESSION_STORAGE_KEY, writeStoredSession } from '../session/sessionStorage.ts';
import {
  base64LoginResult,
  fakeApi,
  fakeToken,
  json,
  loginResult,
  storedSession,
} from './testing/fakeApi.ts';

// PDF.js does not run in jsdom: the viewer's react-pdf part is replaced by a stand-in.
vi.mock('../../shared/ui/PdfViewerDocument.tsx', () => ({
  default: ({ scale }: { scale: number }) => <div data-testid="pdf-pages" data-scale={scale} />,
}));

// The reCAPTCHA widget loads Google's script; the stand-in lets the test solve and expire it.
vi.mock('react-google-recaptcha', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  return {
    default: forwardRef(function FakeRecaptcha(
      props: { onChange: (token: string | null) => void; onExpired: () => void },
      ref,
    ) {
      useImperativeHandle(ref, () => ({ reset: () => undefined }));
      return (
        <div>
          <button type="button" onClick={() => props.onChange('captcha-token')}>
            solve captcha
          </button>
          <button type="button" onClick={() => props.onExpired()}>
            expire captcha
          </button>
        </div>
      );
    }),
  };
});

async function fillAndSubmit(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText(/^Login/), 'jose');
  await user.type(screen.getByLabelText(/^Senha/), 'segredo');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  return user;
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:terms');
  URL.revokeObjectURL = vi.fn();
});

describe('login pages', () => {
  it('shows the AET welcome, the manual, the account link and the guide opening in a new tab', async () => {
    renderApp({ path: '/aet' });
    expect(
      await screen.findByRole('heading', { name: 'AET - Autorização Especial de Trânsito' }),
    ).toBeTruthy();
    expect(screen.getByText(/das 8h às 13h/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Manual do Requerente/ }).getAttribute('href')).toBe(
      '/docs/manual-requerente-aet.pdf',
    );
    expect(screen.getByRole('link', { name: 'Criar Conta' }).getAttribute('href')).toBe(
      '/registerRequerente',
    );
    const guide = screen.getByRole('link', { name: /Guia de criação de conta/ });
    expect(guide.getAttribute('href')).toBe('/docs/guia-criacao-conta-aet.pdf');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Esqueci a senha' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(document.title).toBe('DER - Login da AET');
  });

  it('shows the right-of-way welcome with two support lines and the permissionário links', async () => {
    renderApp({ path: '/faixaDeDominio', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Right-of-Way - TPEU' })).toBeTruthy();
    expect(screen.getByText(/3555-0150 and .*3555-0151.*7h to 13h/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
      '/registerPermissionario',
    );
    expect(screen.getByRole('link', { name: /Account creation guide/ }).getAttribute('href')).toBe(
      '/docs/guia-criacao-conta-faixa-de-dominio.pdf',
    );
  });

  it('has no account link on the general login', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('button', { name: 'LOGIN' });
    expect(screen.queryByRole('link', { name: 'Criar Conta' })).toBeNull();
  });

  it('shows the message query parameter as a success notice', async () => {
    renderApp({ path: '/?message=Conta%20criada' });
    expect(await screen.findByText('Conta criada')).toBeTruthy();
  });

  it("toggles the password's visibility", async () => {
    renderApp({ path: '/' });
    const password = await screen.findByLabelText(/^Senha/);
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar a senha' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar a senha' })).toBeTruthy();
  });

  it("shows 'Obrigatório' for empty fields and does not call the server", async () => {
    const api = fakeApi({});
    renderApp({ path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'LOGIN' }));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('redirects a stored, unexpired session to /app', async () => {
    writeStoredSession(storedSession({ loginPage: '/' }));
    renderApp({ path: '/' });
    await waitFor(() => expect(location()).toBe('/app'));
  });

  it('removes a stored login whose token expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    writeStoredSession(storedSession({ token: fakeToken({ iat: now - 7200, exp: now - 10 }) }));
    renderApp({ path: '/aet' });
    await screen.findByRole('button', { name: 'LOGIN' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(location()).toBe('/aet');
  });
});

describe('login flow', () => {
  it('stores the session with the portal as loginPage and goes to /app', async () => {
    const api = fakeApi({ 'POST /users/authenticate': () => base64LoginResult(loginResult()) });
    renderApp({ path: '/aet' });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/app'));
    expect(api.find('POST', '/users/authenticate')[0]?.body).toMatchObject({
      UserName: 'jose',
      Password: 'segredo',
      forceRecaptcha: true,
    });
    const session = readStoredSession();
    expect(session?.loginPage).toBe('/aet');
    expect(session?.loggedUser.name).toBe('José da Silva');
    expect(session?.hasChangePasswordPermission).toBe(true);
  });

  it('goes to the next parameter, and ignores next=/', async () => {
    fakeApi({ 'POST /users/authenticate': () => base64LoginResult(loginResult()) });
    renderApp({ path: '/?next=%2Fruntime%2F5%2Fcalendar%2FAgenda' });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/runtime/5/calendar/Agenda'));
  });

  it('with platform MFA on, sends a user with MFA enabled to /validateMFA with next', async () => {
    fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false }),
        ),
    });
    renderApp({ path: '/?next=/' });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/validateMFA?next=%2Fapp'));
    expect(await screen.findByRole('heading', { name: 'Autenticação em duas etapas' })).toBeTruthy();
  });

  it('with platform MFA on, sends a user without MFA to /enableMFA', async () => {
    fakeApi({
      'POST /users/authenticate': () => base64LoginResult(loginResult({ platformMFAEnabled: true })),
      'GET /users/getMFAData': () => json({ qrcode: 'data:image/png;base64,AAAA', code: 'JBSWY3DPEHPK3PXP' }),
    });
    renderApp({ path: '/faixaDeDominio' });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/enableMFA?next=%2Fapp'));
  });

  it('shows the message of a failed login in the login notification', async () => {
    fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({ success: false, failReason: 1, token: null, message: 'Login ou senha inválidos' }),
        ),
    });
    renderApp({ path: '/' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Login ou senha inválidos');
    expect(location()).toBe('/');
    expect(readStoredSession()).toBeNull();
  });

  it('shows the wait of a locked account and keeps the button disabled', async () => {
    fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({
            success: false,
            failReason: 4,
            token: null,
            message: 'Conta bloqueada',
            retryAfterSeconds: 30,
          }),
        ),
    });
    renderApp({ path: '/' });
    await fillAndSubmit();
    expect(await screen.findByText('Aguarde 30 segundos para tentar novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toHaveProperty('disabled', true);
  });

  it('counts the wait down second by second and enables LOGIN again at zero', async () => {
    fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({
            success: false,
            failReason: 4,
            token: null,
            message: 'Aguarde',
            retryAfterSeconds: 3,
          }),
        ),
    });
    renderApp({ path: '/' });
    await fillAndSubmit();
    expect(await screen.findByText('Aguarde 3 segundos para tentar novamente.')).toBeTruthy();
    expect(
      await screen.findByText('Aguarde 2 segundos para tentar novamente.', {}, { timeout: 2500 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Aguarde 1 segundos para tentar novamente.', {}, { timeout: 2500 }),
    ).toBeTruthy();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'LOGIN' })).toHaveProperty('disabled', false),
      {
        timeout: 2500,
      },
    );
  });
});

describe('terms of use', () => {
  function termsApi() {
    return fakeApi({
      'POST /users/authenticate': () => base64LoginResult(loginResult({ userAgreedTermsOfUse: false })),
      'GET /users/getTermsOfUse': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      'POST /users/acceptTermsOfUse': () => json({ success: true }),
      'POST /users/logout': () => json({ success: true }),
    });
  }

  function scrollToEnd(region: HTMLElement) {
    Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 500 });
    region.scrollTop = 1500;
    fireEvent.scroll(region);
  }

  it('enables the agreement only after the PDF was scrolled to its end, records it and continues', async () => {
    const api = termsApi();
    renderApp({ path: '/', settings: { requireTermsOfUse: true } });
    await fillAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'Termo de Uso' });
    const region = await within(dialog).findByRole('region', { name: 'Termo de Uso' });
    expect(api.find('GET', '/users/getTermsOfUse')[0]?.headers.Authorization).toMatch(/^Bearer /);
    expect(within(dialog).getByRole('link', { name: 'Baixar o termo de uso' }).getAttribute('href')).toBe(
      'blob:terms',
    );
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Li e concordo com o termo de uso' });
    expect(checkbox).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', true);

    scrollToEnd(region);
    await waitFor(() => expect(checkbox).toHaveProperty('disabled', false));
    fireEvent.click(checkbox);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    await waitFor(() => expect(location()).toBe('/app'));
    expect(api.find('POST', '/users/acceptTermsOfUse')[0]?.body).toEqual({
      accept: true,
      userId: 42,
      browserInfo: navigator.userAgent,
    });
  });

  it('declining shows the mandatory-terms error and leaves no session', async () => {
    termsApi();
    renderApp({ path: '/', settings: { requireTermsOfUse: true } });
    await fillAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'Termo de Uso' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(
      await screen.findByText('Para conseguir acessar é obrigatório aceitar o termo de uso.'),
    ).toBeTruthy();
    expect(readStoredSession()).toBeNull();
    expect(location()).toBe('/');
  });

  it('skips the dialog for a user who already agreed', async () => {
    fakeApi({
      'POST /users/authenticate': () => base64LoginResult(loginResult({ userAgreedTermsOfUse: true })),
    });
    renderApp({ path: '/', settings: { requireTermsOfUse: true } });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/app'));
  });
});

describe('expired password (failure reason 2)', () => {
  it('asks to change the password, validates the dialog and changes it', async () => {
    const api = fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({ success: false, failReason: 2, token: null, message: 'Senha expirada' }),
        ),
      'POST /users/changeExpiredPassword': () => json({ success: true }),
    });
    renderApp({ path: '/aet' });
    const user = await fillAndSubmit();
    const confirm = await screen.findByRole('dialog', { name: 'Senha expirada' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));

    const dialog = await screen.findByRole('dialog', { name: 'Alterar a Senha' });
    expect(within(dialog).getByLabelText(/^Login/)).toHaveProperty('value', 'jose');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(3);

    await user.type(within(dialog).getByLabelText(/^Senha atual/), 'antiga');
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'nova-senha-1');
    await user.type(within(dialog).getByLabelText(/^Confirme a nova senha/), 'outra');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await within(dialog).findByText('As senhas não são iguais')).toBeTruthy();
    expect(api.find('POST', '/users/changeExpiredPassword')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Confirme a nova senha/));
    await user.type(within(dialog).getByLabelText(/^Confirme a nova senha/), 'nova-senha-1');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar' }));

    expect(await screen.findByText('Senha alterada com sucesso')).toBeTruthy();
    expect(api.find('POST', '/users/changeExpiredPassword')[0]?.body).toEqual({
      login: 'jose',
      oldPassword: 'antiga',
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alterar a Senha' })).toBeNull());
  });

  it('keeps the dialog open with the error when the change fails', async () => {
    fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({ success: false, failReason: 2, token: null, message: 'Senha expirada' }),
        ),
      'POST /users/changeExpiredPassword': () =>
        json({ Message: 'Senha atual incorreta', code: 'BAD_REQUEST', requestId: 'r' }, 400),
    });
    renderApp({ path: '/' });
    const user = await fillAndSubmit();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Senha expirada' })).getByRole('button', {
        name: 'Sim',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alterar a Senha' });
    await user.type(within(dialog).getByLabelText(/^Senha atual/), 'x');
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'y');
    await user.type(within(dialog).getByLabelText(/^Confirme a nova senha/), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await within(dialog).findByText('Senha atual incorreta')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Alterar a Senha' })).toBeTruthy();
  });
});

describe('captcha', () => {
  const captchaSettings = { enableRecaptcha: true, recaptchaSiteKey: 'site-key' };

  it('keeps LOGIN disabled until the captcha is solved, and again after it expires', async () => {
    const api = fakeApi({ 'POST /users/authenticate': () => base64LoginResult(loginResult()) });
    renderApp({ path: '/', settings: captchaSettings });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Login/), 'jose');
    await user.type(screen.getByLabelText(/^Senha/), 'segredo');
    const submit = screen.getByRole('button', { name: 'LOGIN' });
    expect(submit).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'solve captcha' }));
    expect(submit).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'expire captcha' }));
    expect(submit).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'solve captcha' }));
    await user.click(submit);
    await waitFor(() => expect(location()).toBe('/app'));
    expect(api.find('POST', '/users/authenticate')[0]?.body).toMatchObject({
      recaptchaToken: 'captcha-token',
    });
  });

  it('shows the captcha when the server requires it, even with the captcha off in the settings', async () => {
    fakeApi({
      'POST /users/authenticate': () =>
        base64LoginResult(
          loginResult({
            success: false,
            failReason: 5,
            token: null,
            message: 'Resolva o captcha',
            captchaRequired: true,
          }),
        ),
    });
    renderApp({ path: '/', settings: { enableRecaptcha: false, recaptchaSiteKey: 'site-key' } });
    expect(screen.queryByRole('button', { name: 'solve captcha' })).toBeNull();
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'solve captcha' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toHaveProperty('disabled', true);
  });
});
