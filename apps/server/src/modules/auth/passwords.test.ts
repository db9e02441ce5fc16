import { FAIL_REASON } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, createTestClock, login, nextIp, signIn } from '../../../test/helpers/auth.ts';
import { auditLog } from '../audit/audit.table.ts';

const clock = createTestClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
});
afterAll(() => app.close());

const db = () => app.database.db;
const NEW_PASSWORD = 'Outra-Senha-Bem-Longa-77';
const renew = (token: string) =>
  app.inject({ method: 'GET', url: '/api/users/renewToken', headers: bearer(token) });
const changePassword = (token: string, body: Record<string, string>, language?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/changePassword',
    headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
    payload: body,
  });
const changeExpired = (body: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/users/changeExpiredPassword',
    remoteAddress: nextIp(),
    payload: body,
  });

describe('POST /api/users/changePassword', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const user = await buildUser(db());
    const current = await signIn(app, user);
    const other = await signIn(app, user);

    const response = await changePassword(current, {
      oldPassword: user.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await renew(current)).statusCode).toBe(200);
    expect((await renew(other)).statusCode).toBe(401);

    expect((await login(app, { UserName: user.login, Password: user.password })).result.failReason).toBe(
      FAIL_REASON.WRONG_CREDENTIALS,
    );
    expect((await login(app, { UserName: user.login, Password: NEW_PASSWORD })).result.success).toBe(true);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.password.changed'));
    expect(audit.some((row) => row.actorUserId === user.id)).toBe(true);
  });

  it('refuses a wrong current password (400 AUTH_WRONG_PASSWORD)', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    const response = await changePassword(token, {
      oldPassword: 'not-it',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'AUTH_WRONG_PASSWORD',
      Message: 'A senha atual não confere.',
    });
  });

  it('applies the password policy with the configured minimum length (400 on body.newPassword)', async () => {
    const user = await buildUser(db());
    const token = await signIn(app, user);
    const short = await changePassword(token, {
      oldPassword: user.password,
      newPassword: 'curta',
      confirmPassword: 'curta',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.newPassword', message: 'A senha deve ter pelo menos 8 caracteres' }],
    });

    await app.services.securitySettings.update({ passwordMinLength: 30 });
    try {
      const configured = await changePassword(
        token,
        { oldPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'en',
      );
      expect(configured.json().details).toEqual([
        { field: 'body.newPassword', message: 'The password must have at least 30 characters' },
      ]);
    } finally {
      await app.services.securitySettings.update({ passwordMinLength: 8 });
    }

    const common = await changePassword(token, {
      oldPassword: user.password,
      newPassword: 'password123',
      confirmPassword: 'password123',
    });
    expect(common.json().details).toEqual([
      { field: 'body.newPassword', message: 'Esta senha é muito comum; escolha outra' },
    ]);
    const mismatch = await changePassword(token, {
      oldPassword: user.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.json().details).toEqual([
      { field: 'body.confirmPassword', message: 'As senhas não são iguais' },
    ]);
  });

  it('needs hasChangePasswordPermission (403) and a session (401)', async () => {
    const user = await buildUser(db(), { hasChangePasswordPermission: false });
    const token = await signIn(app, user);
    const body = { oldPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const refused = await changePassword(token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('AUTH_PASSWORD_CHANGE_NOT_ALLOWED');
    expect((await changePassword('nope', body)).statusCode).toBe(401);
  });
});

describe('POST /api/users/changeExpiredPassword', () => {
  it('changes an expired password, after which the login succeeds', async () => {
    const user = await buildUser(db(), { passwordExpiresAt: clock.now() });
    expect((await login(app, { UserName: user.login, Password: user.password })).result.failReason).toBe(
      FAIL_REASON.PASSWORD_EXPIRED,
    );
    const response = await changeExpired({
      login: user.login,
      oldPassword: user.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await login(app, { UserName: user.login, Password: NEW_PASSWORD })).result.success).toBe(true);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.password.expired-changed'));
    expect(audit.some((row) => row.actorUserId === user.id)).toBe(true);
  });

  it('refuses a wrong old password, an unknown login and a password that is not expired, alike', async () => {
    const expired = await buildUser(db(), { passwordExpiresAt: clock.now() });
    const valid = await buildUser(db());
    const body = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const answers = [
      await changeExpired({ login: expired.login, oldPassword: 'wrong-one', ...body }),
      await changeExpired({ login: 'nobody.known', oldPassword: 'wrong-one', ...body }),
      await changeExpired({ login: valid.login, oldPassword: valid.password, ...body }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'AUTH_EXPIRED_PASSWORD_CHANGE_REFUSED',
        Message: 'Login ou senha atual incorretos.',
      });
    }
    // The password that was not expired still works: nothing was changed.
    expect((await login(app, { UserName: valid.login, Password: valid.password })).result.success).toBe(true);
  });

  it('applies the password policy', async () => {
    const user = await buildUser(db(), { passwordExpiresAt: clock.now() });
    const response = await changeExpired({
      login: user.login,
      oldPassword: user.password,
      newPassword: user.login,
      confirmPassword: user.login,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.newPassword', message: 'Esta senha é muito comum; escolha outra' },
    ]);
  });

  it('counts wrong old passwords in the login throttle', async () => {
    const user = await buildUser(db(), { passwordExpiresAt: clock.now() });
    const body = { login: user.login, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let i = 0; i < 4; i++) await changeExpired({ ...body, oldPassword: 'guess' });
    const { result } = await login(app, { UserName: user.login, Password: user.password });
    expect(result.failReason).toBe(FAIL_REASON.ACCOUNT_LOCKED);
  });
});
