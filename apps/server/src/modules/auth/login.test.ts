import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAIL_REASON } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { createTestClock, decodeLoginResult, login, nextIp } from '../../../test/helpers/auth.ts';
import { users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { LOCK_DURATION_MS } from '../identity/core/login-throttle.ts';
import { sessions } from '../sessions/sessions.table.ts';

const clock = createTestClock();
const logLines: string[] = [];
let app: FastifyInstance;
let captchaServer: Server;
const captchaRequests: URLSearchParams[] = [];
const CAPTCHA_SECRET = 'captcha-server-secret';

beforeAll(async () => {
  app = await buildTestApp({
    now: clock.now,
    config: { logLevel: 'trace' },
    logStream: { write: (line) => logLines.push(line) },
  });
  await app.ready();
  // A local stand-in for Google's siteverify: tokens starting with "good" are valid solutions.
  captchaServer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      captchaRequests.push(form);
      const success =
        form.get('secret') === CAPTCHA_SECRET && (form.get('response') ?? '').startsWith('good');
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => captchaServer.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => captchaServer.close(resolve));
  await app.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await app.services.platform.updateSettings({ enableRecaptcha: false });
});

const db = () => app.database.db;

describe('POST /api/users/authenticate', () => {
  it('signs in: base64 text of the full LoginResult, with a session row and a JWT', async () => {
    const user = await buildUser(db(), { hasPanelAdminPermission: true, avatar: 'data:image/png;base64,AA' });
    const { response, result } = await login(app, {
      UserName: user.login.toUpperCase(),
      Password: user.password,
    });

    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(result).toMatchObject({
      success: true,
      failReason: null,
      message: null,
      loggedUser: { id: user.id, name: user.name, avatar: user.avatar, email: user.email },
      userAgreedTermsOfUse: false,
      platformMFAEnabled: false,
      userMFAEnabled: false,
      mfaAuthenticated: true,
      hasPanelAdminPermission: true,
      hasChangePasswordPermission: true,
      isAdministratorLogged: false,
    });
    const [, payload = ''] = (result.token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.sub).toBe(String(user.id));
    expect(claims.exp - claims.iat).toBe(30 * 60);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    const rows = await db().select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(user.id);

    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.login.success'));
    expect(audit.some((row) => row.actorUserId === user.id)).toBe(true);
  });

  it('accepts the e-mail as login', async () => {
    const user = await buildUser(db());
    const { result } = await login(app, { UserName: user.email, Password: user.password });
    expect(result.success).toBe(true);
  });

  it('answers an unknown login exactly like a wrong password, after the same Argon2 work', async () => {
    const user = await buildUser(db());
    const dummy = vi.spyOn(app.services.passwordHasher, 'dummyVerify');

    const wrong = await login(app, { UserName: user.login, Password: 'not-the-password' });
    expect(dummy).not.toHaveBeenCalled();
    const unknown = await login(app, { UserName: 'nobody.here', Password: 'not-the-password' });
    expect(dummy).toHaveBeenCalledTimes(1);

    expect(wrong.result).toEqual(unknown.result);
    expect(wrong.result).toMatchObject({
      success: false,
      failReason: FAIL_REASON.WRONG_CREDENTIALS,
      message: 'Login ou senha inválidos.',
      token: null,
      loggedUser: null,
    });
    const english = await login(app, { UserName: 'nobody.here', Password: 'x' }, { language: 'en' });
    expect(english.result.message).toBe('Invalid login or password.');

    const failures = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.login.failure'));
    expect(failures.some((row) => row.actorLogin === 'nobody.here')).toBe(true);
    expect(JSON.stringify(failures)).not.toContain('not-the-password');
  });

  it('refuses a disabled account (7) and a not activated one (3), only with the right password', async () => {
    const disabled = await buildUser(db(), { disabled: true });
    const inactive = await buildUser(db(), { activated: false });

    expect(
      (await login(app, { UserName: disabled.login, Password: disabled.password })).result,
    ).toMatchObject({
      success: false,
      failReason: FAIL_REASON.ACCOUNT_DISABLED,
      token: null,
    });
    expect((await login(app, { UserName: disabled.login, Password: 'wrong-pass' })).result.failReason).toBe(
      FAIL_REASON.WRONG_CREDENTIALS,
    );
    const notActivated = await login(app, { UserName: inactive.login, Password: inactive.password });
    expect(notActivated.result).toMatchObject({ failReason: FAIL_REASON.ACCOUNT_NOT_ACTIVATED, token: null });
    expect(notActivated.result.message).toMatch(/não foi ativada/);
  });

  it('answers PASSWORD_EXPIRED (2) without a session for an expired password and past the maximum age', async () => {
    const expired = await buildUser(db(), { passwordExpiresAt: new Date(clock.now().getTime() - 1000) });
    const before = await db().select().from(sessions);
    const { result } = await login(app, { UserName: expired.login, Password: expired.password });
    expect(result).toMatchObject({ success: false, failReason: FAIL_REASON.PASSWORD_EXPIRED, token: null });
    expect(await db().select().from(sessions)).toHaveLength(before.length);

    const old = await buildUser(db(), {
      passwordChangedAt: new Date(clock.now().getTime() - 3 * 86_400_000),
    });
    expect((await login(app, { UserName: old.login, Password: old.password })).result.success).toBe(true);
    await app.services.securitySettings.update({ passwordMaxAgeDays: 2 });
    try {
      expect((await login(app, { UserName: old.login, Password: old.password })).result.failReason).toBe(
        FAIL_REASON.PASSWORD_EXPIRED,
      );
    } finally {
      await app.services.securitySettings.update({ passwordMaxAgeDays: null });
    }
  });

  it('makes the caller wait after repeated failures, then locks the account (4) even for the right password', async () => {
    const user = await buildUser(db());
    const attempt = (password = 'wrong-password') => login(app, { UserName: user.login, Password: password });

    for (let i = 0; i < 4; i++)
      expect((await attempt()).result.failReason).toBe(FAIL_REASON.WRONG_CREDENTIALS);
    // The 5th attempt comes too soon: same code, with the wait.
    const tooSoon = (await attempt()).result;
    expect(tooSoon).toMatchObject({ failReason: FAIL_REASON.ACCOUNT_LOCKED, retryAfterSeconds: 1 });
    expect(tooSoon.message).toMatch(/Aguarde 1 segundo/);
    // Even the right password is not checked while waiting.
    expect((await attempt(user.password)).result.failReason).toBe(FAIL_REASON.ACCOUNT_LOCKED);

    for (let failures = 4; failures < 10; failures++) {
      const waiting = (await attempt()).result;
      expect(waiting.failReason).toBe(FAIL_REASON.ACCOUNT_LOCKED);
      clock.advance((waiting.retryAfterSeconds ?? 0) * 1000);
      expect((await attempt()).result.failReason).toBe(FAIL_REASON.WRONG_CREDENTIALS);
    }
    const locked = (await attempt(user.password)).result;
    expect(locked).toMatchObject({ failReason: FAIL_REASON.ACCOUNT_LOCKED, retryAfterSeconds: 15 * 60 });
    expect(locked.message).toMatch(/15 minuto/);
    const lockAudit = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.login.locked'));
    expect(lockAudit.some((row) => row.actorUserId === user.id)).toBe(true);

    clock.advance(LOCK_DURATION_MS);
    expect((await attempt(user.password)).result.success).toBe(true);
    // Success cleared the counter: a typo right after is just a typo.
    expect((await attempt()).result.failReason).toBe(FAIL_REASON.WRONG_CREDENTIALS);
    expect((await attempt(user.password)).result.success).toBe(true);
  });

  it('counts parallel guesses one by one (the throttle row is locked per attempt)', async () => {
    const user = await buildUser(db());
    const results = await Promise.all(
      Array.from({ length: 8 }, () => login(app, { UserName: user.login, Password: 'wrong-password' })),
    );
    const reasons = results.map(({ result }) => result.failReason);
    // 4 attempts are checked (3 free + the 4th); the others must wait.
    expect(reasons.filter((reason) => reason === FAIL_REASON.WRONG_CREDENTIALS)).toHaveLength(4);
    expect(reasons.filter((reason) => reason === FAIL_REASON.ACCOUNT_LOCKED)).toHaveLength(4);
  });

  describe('captcha', () => {
    async function enableCaptcha() {
      const { port } = captchaServer.address() as AddressInfo;
      await app.services.securitySettings.update({
        recaptchaSecret: CAPTCHA_SECRET,
        recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify`,
      });
      await app.services.platform.updateSettings({ enableRecaptcha: true });
    }

    it('requires (5), rejects (6), accepts once and refuses a reused token (6)', async () => {
      await enableCaptcha();
      const user = await buildUser(db());
      const body = { UserName: user.login, Password: user.password, forceRecaptcha: true };

      const required = (await login(app, body)).result;
      expect(required).toMatchObject({ failReason: FAIL_REASON.CAPTCHA_REQUIRED, captchaRequired: true });
      const invalid = (await login(app, { ...body, recaptchaToken: 'bad-solution' })).result;
      expect(invalid).toMatchObject({ failReason: FAIL_REASON.CAPTCHA_INVALID, captchaRequired: true });

      const requestsBefore = captchaRequests.length;
      const valid = (await login(app, { ...body, recaptchaToken: 'good-solution-1' })).result;
      expect(valid.success).toBe(true);
      expect(captchaRequests.at(-1)?.get('response')).toBe('good-solution-1');

      const reused = (await login(app, { ...body, recaptchaToken: 'good-solution-1' })).result;
      expect(reused.failReason).toBe(FAIL_REASON.CAPTCHA_INVALID);
      // Refused from the used-token table, without asking the verify endpoint again.
      expect(captchaRequests.length).toBe(requestsBefore + 1);
    });

    it('is required on every login while the platform captcha is on, even when the client does not force it', async () => {
      await enableCaptcha();
      const user = await buildUser(db());
      const noToken = { UserName: user.login, Password: user.password, forceRecaptcha: false };
      const { result } = await login(app, noToken);
      expect(result.failReason).toBe(FAIL_REASON.CAPTCHA_REQUIRED);
      expect(result.captchaRequired).toBe(true);
      expect((await login(app, { ...noToken, recaptchaToken: 'good-solution-2' })).result.success).toBe(true);
    });

    it('is not asked for while the platform captcha is off', async () => {
      const user = await buildUser(db());
      const { result } = await login(app, {
        UserName: user.login,
        Password: user.password,
        forceRecaptcha: true,
      });
      expect(result.success).toBe(true);
    });
  });

  it('limits each address to 30 requests a minute: 429 with Retry-After', async () => {
    const ip = nextIp();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        remoteAddress: ip,
        payload: { UserName: 'rate.limited', Password: 'x' },
      });
    // In parallel: every answer of this route is padded to RESET_ANSWER_MIN_MS.
    const answers = await Promise.all(Array.from({ length: 30 }, send));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected; the same one is again after the window.
    expect((await login(app, { UserName: 'rate.limited', Password: 'x' })).response.statusCode).toBe(200);
    clock.advance(retryAfter * 1000);
    expect((await send()).statusCode).toBe(200);
  });

  it('limits the password reset route per address as well', async () => {
    const ip = nextIp();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/resetPassword',
        remoteAddress: ip,
        payload: { UserName: 'nobody.at.all' },
      });
    // At once: each answer waits for the reset's floor, 30 in a row would take 12 s of the test's time.
    const answers = await Promise.all(Array.from({ length: 30 }, send));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('never writes the password or the token to the log', async () => {
    const user = await buildUser(db(), { password: 'Segredo-Muito-Forte-913' });
    logLines.length = 0;
    const { response, result } = await login(app, { UserName: user.login, Password: user.password });
    expect(result.success).toBe(true);
    await app.inject({
      method: 'GET',
      url: '/api/users/renewToken',
      headers: { authorization: `Bearer ${result.token}` },
    });
    const output = logLines.join('');
    expect(output).toContain('/api/users/authenticate');
    expect(output).not.toContain('Segredo-Muito-Forte-913');
    expect(output).not.toContain(result.token ?? 'no token');
    expect(output).not.toContain(response.body);
  });

  it('validates the body (400) before any check', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      remoteAddress: nextIp(),
      payload: { UserName: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('re-hashes a password stored with weaker parameters after a successful login', async () => {
    const user = await buildUser(db());
    const weak = await (await import('../identity/core/password-hasher.ts'))
      .createPasswordHasher({ params: { memoryCost: 8_192, timeCost: 1, parallelism: 1 } })
      .hash(user.password);
    await db().update(users).set({ passwordHash: weak }).where(eq(users.id, user.id));
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      remoteAddress: nextIp(),
      payload: { UserName: user.login, Password: user.password },
    });
    expect(decodeLoginResult(response).success).toBe(true);
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).not.toBe(weak);
    expect(row?.hash).toContain('m=19456');
  });
});
