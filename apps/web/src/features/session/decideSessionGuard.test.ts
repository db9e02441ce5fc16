import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../test/fakeJwt.ts';
import { decideSessionGuard } from './decideSessionGuard.ts';
import type { StoredSession } from './sessionStorage.ts';

const NOW = 1_800_000_000;

function session(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    token: fakeJwt({ iat: NOW - 60, exp: NOW + 3600 }),
    platformMFAEnabled: false,
    userMFAEnabled: false,
    mfaAuthenticated: false,
    hasPanelAdminPermission: false,
    hasChangePasswordPermission: false,
    isAdministratorLogged: false,
    loggedUser: { id: 1, name: 'Ana', avatar: '', email: 'ana@example.com' },
    loginPage: '/',
    ...overrides,
  };
}

describe('decideSessionGuard', () => {
  it('sends a visitor without a session to / with the current path and query as next', () => {
    expect(
      decideSessionGuard({ session: null, nowSeconds: NOW, pathname: '/runtime/5/list', search: '?a=1' }),
    ).toEqual({
      kind: 'redirect',
      to: `/?next=${encodeURIComponent('/runtime/5/list?a=1')}`,
      clearSession: true,
    });
  });

  it('treats an empty token as no session', () => {
    const decision = decideSessionGuard({
      session: session({ token: '' }),
      nowSeconds: NOW,
      pathname: '/app',
    });
    expect(decision).toMatchObject({ kind: 'redirect', clearSession: true });
  });

  it('logs out an expired session and returns to the stored login page', () => {
    const expired = session({ token: fakeJwt({ iat: NOW - 7200, exp: NOW - 1 }), loginPage: '/aet' });
    expect(decideSessionGuard({ session: expired, nowSeconds: NOW, pathname: '/app' })).toEqual({
      kind: 'redirect',
      to: '/aet?next=%2Fapp',
      clearSession: true,
    });
  });

  it('allows a session whose exp is exactly now', () => {
    const edge = session({ token: fakeJwt({ exp: NOW }) });
    expect(decideSessionGuard({ session: edge, nowSeconds: NOW, pathname: '/app' })).toEqual({
      kind: 'allow',
    });
  });

  it('rejects a token that is not a JWT', () => {
    const broken = session({ token: 'garbage' });
    expect(decideSessionGuard({ session: broken, nowSeconds: NOW, pathname: '/app' }).kind).toBe('redirect');
  });

  it('allows a valid session when platform MFA is off', () => {
    expect(decideSessionGuard({ session: session(), nowSeconds: NOW, pathname: '/app' })).toEqual({
      kind: 'allow',
    });
  });

  it('with platform MFA on, sends a user with MFA not yet authenticated to the login', () => {
    const pending = session({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false });
    expect(decideSessionGuard({ session: pending, nowSeconds: NOW, pathname: '/app' })).toEqual({
      kind: 'redirect',
      to: '/?next=%2Fapp',
      clearSession: false,
    });
  });

  it('with platform MFA on, sends a user without MFA enabled to the login', () => {
    const noMfa = session({ platformMFAEnabled: true, userMFAEnabled: false });
    expect(decideSessionGuard({ session: noMfa, nowSeconds: NOW, pathname: '/administration/x' }).kind).toBe(
      'redirect',
    );
  });

  it('with platform MFA on, allows an MFA-authenticated user', () => {
    const done = session({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: true });
    expect(decideSessionGuard({ session: done, nowSeconds: NOW, pathname: '/app' })).toEqual({
      kind: 'allow',
    });
  });

  it('lets the MFA pages themselves through during login', () => {
    const noMfa = session({ platformMFAEnabled: true, userMFAEnabled: false });
    const pending = session({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false });
    expect(decideSessionGuard({ session: noMfa, nowSeconds: NOW, pathname: '/enableMFA' }).kind).toBe(
      'allow',
    );
    expect(decideSessionGuard({ session: pending, nowSeconds: NOW, pathname: '/validateMFA' }).kind).toBe(
      'allow',
    );
  });
});
