import { describe, expect, it } from 'vitest';
import { decodeLoginResult, resolveNext, routeAfterLogin } from './loginFlow.ts';
import { loginResult } from './testing/fakeApi.ts';

describe('decodeLoginResult', () => {
  it('decodes base64 of UTF-8 JSON, keeping accented text intact', () => {
    const result = loginResult({ success: false, message: 'Usuário ou senha inválidos', token: null });
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(result))));
    expect(decodeLoginResult(base64).message).toBe('Usuário ou senha inválidos');
    expect(decodeLoginResult(base64).loggedUser?.name).toBe('José da Silva');
  });

  it('rejects an answer that is not a login result', () => {
    expect(() => decodeLoginResult(btoa('{"x":1}'))).toThrow();
  });
});

describe('resolveNext', () => {
  it('defaults to /app and ignores /', () => {
    expect(resolveNext(null)).toBe('/app');
    expect(resolveNext('')).toBe('/app');
    expect(resolveNext('/')).toBe('/app');
  });

  it('keeps a path of this site and refuses other sites', () => {
    expect(resolveNext('/runtime/3/list?x=1')).toBe('/runtime/3/list?x=1');
    expect(resolveNext('//evil.example')).toBe('/app');
    expect(resolveNext('https://evil.example')).toBe('/app');
  });
});

describe('routeAfterLogin', () => {
  const off = { platformMFAEnabled: false, userMFAEnabled: false, mfaAuthenticated: false };
  it('goes straight to next when platform MFA is off', () => {
    expect(routeAfterLogin(off, '/app')).toBe('/app');
    expect(routeAfterLogin({ ...off, userMFAEnabled: true }, '/x')).toBe('/x');
  });

  it('validates the code for a user with MFA not yet authenticated', () => {
    expect(
      routeAfterLogin({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false }, '/app'),
    ).toBe('/validateMFA?next=%2Fapp');
  });

  it('sets MFA up for a user without it', () => {
    expect(routeAfterLogin({ ...off, platformMFAEnabled: true }, '/runtime/2')).toBe(
      '/enableMFA?next=%2Fruntime%2F2',
    );
  });

  it('goes to next for an MFA-authenticated user', () => {
    expect(
      routeAfterLogin({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: true }, '/app'),
    ).toBe('/app');
  });
});
