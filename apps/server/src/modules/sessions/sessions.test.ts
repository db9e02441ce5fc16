import { randomBytes } from 'node:crypto';
import { defineRoute } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, createTestClock, login, signIn } from '../../../test/helpers/auth.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { users } from '../accounts/accounts.table.ts';
import { TOKEN_TTL_SECONDS } from './sessions.service.ts';
import { sessions } from './sessions.table.ts';

const clock = createTestClock();
let app: FastifyInstance;
const MINUTE = 60_000;

const probe = (access: 'session' | 'admin' | 'login-step') =>
  defineRoute({
    method: 'GET',
    path: `/__test/${access}`,
    access,
    summary: `test: a ${access} route`,
    tags: ['test'],
    response: z.record(z.string(), z.unknown()),
  });

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  for (const access of ['session', 'admin', 'login-step'] as const) {
    registerRoute(app, probe(access), (request) => {
      const { token: _token, ...session } = sessionOf(request);
      return { ...session, expiresAt: session.expiresAt.toISOString() };
    });
  }
  await app.ready();
});
afterAll(() => app.close());
afterEach(async () => {
  await app.services.securitySettings.update({ sessionIdleMinutes: 30, sessionAbsoluteHours: 12 });
});

const db = () => app.database.db;
const call = (token: string, access: 'session' | 'admin' | 'login-step' = 'session') =>
  app.inject({ method: 'GET', url: `/api/__test/${access}`, headers: bearer(token) });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
    iat: number;
    exp: number;
    iss: string;
  };

describe('session check on every request', () => {
  it('gives the route request.session, read in one query with the user flags', async () => {
    const user = await buildUser(db(), { isAdministrator: true });
    const token = await signIn(app, user);
    const response = await call(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sessionId: claimsOf(token).sid,
      userId: user.id,
      login: user.login,
      name: user.name,
      email: user.email,
      isAdministrator: true,
      hasPanelAdminPermission: false,
      hasChangePasswordPermission: true,
      mfaEnabled: false,
      mfaAuthenticated: true,
      termsAccepted: false,
    });
  });

  it('answers 401 without a token, with a malformed one, a forged one and alg "none"', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    const claims = claimsOf(token);

    expect((await app.inject({ method: 'GET', url: '/api/__test/session' })).statusCode).toBe(401);
    expect((await call('not-a-jwt')).statusCode).toBe(401);

    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(randomBytes(32));
    expect((await call(forged)).statusCode).toBe(401);

    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await call(unsigned)).statusCode).toBe(401);
    // A payload moved to another user under the original signature.
    const [header, , signature] = token.split('.');
    expect((await call(`${header}.${b64({ ...claims, sub: '1' })}.${signature}`)).statusCode).toBe(401);

    const body = (await call(unsigned)).json();
    expect(body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await call(token)).statusCode).toBe(200);
  });

  it('answers 401 for an expired token even while its session is open', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    const { sid } = claimsOf(token);
    const shortLived = await app.services.sessions.signToken({
      sessionId: sid,
      userId: user.id,
      expiresAt: new Date(clock.now().getTime() + 5_000),
    });
    expect((await call(shortLived)).statusCode).toBe(200);
    clock.advance(6_000);
    expect((await call(shortLived)).statusCode).toBe(401);
    expect((await call(token)).statusCode).toBe(200);
  });

  it('ends the session at logout: the same token then answers 401', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    const logout = await app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    expect((await call(token)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(token).sid));
    expect(row?.revokedReason).toBe('logout');
  });

  it('ends every session of a user who is disabled', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    expect((await call(token)).statusCode).toBe(200);
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await call(token)).statusCode).toBe(401);
  });

  it('ends a session idle for longer than session_idle_minutes; activity keeps it alive', async () => {
    await app.services.securitySettings.update({ sessionIdleMinutes: 10 });
    const user = await buildUser(db());
    const token = await signIn(app, user);
    clock.advance(9 * MINUTE);
    expect((await call(token)).statusCode).toBe(200);
    clock.advance(9 * MINUTE);
    expect((await call(token)).statusCode).toBe(200);
    clock.advance(10 * MINUTE + 1000);
    expect((await call(token)).statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    const { sid } = claimsOf(token);
    const lastSeen = async () =>
      (await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, sid)))[0]?.at;
    const start = await lastSeen();
    clock.advance(30_000);
    await call(token);
    expect(await lastSeen()).toEqual(start);
    clock.advance(31_000);
    await call(token);
    expect(await lastSeen()).toEqual(clock.now());
  });

  it('ends a session at session_absolute_hours however active; renewal never goes past it', async () => {
    await app.services.securitySettings.update({ sessionAbsoluteHours: 1 });
    const user = await buildUser(db());
    let token = await signIn(app, user);
    const startSeconds = Math.floor(clock.now().getTime() / 1000);
    for (let minute = 20; minute < 60; minute += 20) {
      clock.advance(20 * MINUTE);
      const renewed = await app.inject({
        method: 'GET',
        url: '/api/users/renewToken',
        headers: bearer(token),
      });
      expect(renewed.statusCode).toBe(200);
      token = renewed.json().token;
      expect(claimsOf(token).sid).toBe(claimsOf(await Promise.resolve(token)).sid);
      expect(claimsOf(token).exp).toBeLessThanOrEqual(startSeconds + 3600);
    }
    // At minute 40 the renewal was capped at the absolute end (minute 60), not minute 70.
    expect(claimsOf(token).exp).toBe(startSeconds + 3600);
    clock.advance(20 * MINUTE);
    expect((await call(token)).statusCode).toBe(401);
  });

  it('renews a token: same session, new iat and exp', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    clock.advance(11 * MINUTE);
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/renewToken',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const renewed = claimsOf(response.json().token);
    expect(renewed.sid).toBe(claimsOf(token).sid);
    expect(renewed.iat).toBe(claimsOf(token).iat + 11 * 60);
    expect(renewed.exp - renewed.iat).toBe(TOKEN_TTL_SECONDS);
  });

  it('admin routes need hasPanelAdminPermission or isAdministrator (403 otherwise)', async () => {
    const plain = await signIn(app, await buildUser(db()));
    const panel = await signIn(app, await buildUser(db(), { hasPanelAdminPermission: true }));
    const admin = await signIn(app, await buildUser(db(), { isAdministrator: true }));
    expect((await call(plain, 'admin')).statusCode).toBe(403);
    expect((await call(plain, 'admin')).json().code).toBe('FORBIDDEN');
    expect((await call(panel, 'admin')).statusCode).toBe(200);
    expect((await call(admin, 'admin')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/__test/admin' })).statusCode).toBe(401);
  });
});

describe('terms of use', () => {
  afterEach(async () => {
    await app.services.platform.updateSettings({ requireTermsOfUse: false });
  });

  it('serves the current PDF inline', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users/getTermsOfUse' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="termos-de-uso-v1.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('gates session routes (403) until the current version is accepted, then again for a new version', async () => {
    await app.services.platform.updateSettings({ requireTermsOfUse: true });
    const user = await buildUser(db());
    const { result } = await login(app, { UserName: user.login, Password: user.password });
    const token = result.token ?? '';
    expect(result.userAgreedTermsOfUse).toBe(false);

    const refused = await call(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('AUTH_TERMS_NOT_ACCEPTED');
    // The login step itself stays reachable.
    expect((await call(token, 'login-step')).statusCode).toBe(200);

    const accept = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/users/acceptTermsOfUse',
        headers: bearer(token),
        payload: body,
      });
    const declined = await accept({ accept: false, userId: user.id, browserInfo: 'Firefox' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({
      code: 'AUTH_TERMS_MUST_BE_ACCEPTED',
      Message: 'Para conseguir acessar é obrigatório aceitar o termo de uso.',
    });
    const other = await buildUser(db());
    const forOther = await accept({ accept: true, userId: other.id, browserInfo: 'Firefox' });
    expect(forOther.statusCode).toBe(403);
    expect(await app.services.terms.hasAccepted(other.id)).toBe(false);

    expect(
      (await accept({ accept: true, userId: user.id, browserInfo: 'Firefox 140 / Linux' })).statusCode,
    ).toBe(200);
    expect((await call(token)).statusCode).toBe(200);
    expect(
      (await login(app, { UserName: user.login, Password: user.password })).result.userAgreedTermsOfUse,
    ).toBe(true);

    const pdf = Buffer.from('%PDF-1.7\n% new terms\n%%EOF\n', 'latin1');
    expect(await app.services.terms.publish(pdf)).toEqual({ version: 2 });
    expect((await call(token)).statusCode).toBe(403);
    const current = await app.inject({ method: 'GET', url: '/api/users/getTermsOfUse' });
    expect(current.headers['content-disposition']).toContain('termos-de-uso-v2.pdf');
    expect(current.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses acceptTermsOfUse without a session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/acceptTermsOfUse',
      payload: { accept: true, userId: 1, browserInfo: '' },
    });
    expect(response.statusCode).toBe(401);
  });
});
