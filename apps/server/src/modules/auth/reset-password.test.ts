import { performance } from 'node:perf_hooks';
import { FAIL_REASON } from '@der/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, createTestClock, login, nextIp, signIn } from '../../../test/helpers/auth.ts';
import { sha256Hex } from '../../infra/crypto/tokens.ts';
import type { EmailPayload } from '../../infra/outbox/outbox.service.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { createOutboxWorker } from '../../infra/outbox/outbox.worker.ts';
import { accountTokens, users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { generateTotpCode } from '../identity/core/totp.ts';
import {
  PASSWORD_RESET_COOLDOWN_MS,
  PASSWORD_RESET_TOKEN_TTL_MS,
  RESET_ANSWER_MIN_MS,
} from './password-reset.ts';

const clock = createTestClock();
const PUBLIC_URL = 'https://der.example.gov.br';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, config: { publicUrl: PUBLIC_URL } });
  await app.ready();
});
afterAll(() => app.close());

const db = () => app.database.db;
const NEW_PASSWORD = 'Outra-Senha-Bem-Longa-77';
const SENT_PT =
  'Se o login existir, um link para criar uma nova senha foi enviado para o e-mail cadastrado. Ele vale por 30 minutos.';
const SENT_EN =
  'If the login exists, a link to choose a new password was sent to the registered e-mail. It is valid for 30 minutes.';
const INVALID_PT =
  'Este link para criar uma nova senha é inválido ou expirou. Peça um novo em "Esqueci a senha".';

function post(url: string, payload: unknown, language?: string) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: language ? { 'accept-language': language } : {},
    payload: payload as object,
  });
}
const requestReset = (UserName: string, language?: string) =>
  post('/api/users/resetPassword', { UserName }, language);
const checkToken = (token: string, language?: string) =>
  post('/api/users/checkPasswordResetToken', { token }, language);
const setPassword = (
  token: string,
  newPassword = NEW_PASSWORD,
  passwordConfirm = newPassword,
  language?: string,
) => post('/api/users/setPasswordWithToken', { token, newPassword, passwordConfirm }, language);
const renew = (token: string) =>
  app.inject({ method: 'GET', url: '/api/users/renewToken', headers: bearer(token) });

/** The reset e-mails queued for an address, oldest first, with their sealed data opened. */
async function resetMailsTo(email: string) {
  const rows = await db().select().from(outbox).orderBy(outbox.id);
  return rows
    .map((row) => ({ row, payload: row.payload as unknown as EmailPayload }))
    .filter(({ payload }) => payload.to === email && payload.template === 'passwordReset')
    .map(({ row, payload }) => ({
      row,
      payload,
      data: app.services.outbox.openEmailData(payload) as { token: string; login: string; name: string },
    }));
}

/** Asks for a reset and returns the token of the e-mailed link. */
async function resetToken(user: { login: string; email: string }): Promise<string> {
  const before = (await resetMailsTo(user.email)).length;
  const response = await requestReset(user.login);
  expect(response.statusCode).toBe(200);
  const mails = await resetMailsTo(user.email);
  expect(mails).toHaveLength(before + 1);
  return mails.at(-1)!.data.token;
}

async function auditRows(action: string, since = 0) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gt(auditLog.id, since)))
    .orderBy(auditLog.id);
}

async function lastAuditId(): Promise<number> {
  const rows = await db().select({ id: auditLog.id }).from(auditLog);
  return Math.max(0, ...rows.map((row) => row.id));
}

describe('POST /api/users/resetPassword (a link, not a new password)', () => {
  it('changes nothing for an unauthenticated request: the old password and the open sessions keep working', async () => {
    const user = await buildUser(db());
    const session = await signIn(app, user);
    const since = await lastAuditId();

    const response = await requestReset(user.login);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toBe(SENT_PT);

    expect((await renew(session)).statusCode).toBe(200);
    expect((await login(app, { UserName: user.login, Password: user.password })).result.success).toBe(true);
    const [requested] = await auditRows('auth.password.reset', since);
    expect(requested).toMatchObject({ actorUserId: user.id, details: { outcome: 'link-sent' } });
  });

  it('e-mails a sealed link of 256 random bits, valid for 30 minutes, whose token is stored only hashed', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);
    const [mail] = await resetMailsTo(user.email);
    expect(mail!.payload).toMatchObject({ to: user.email, template: 'passwordReset', sealed: true });
    expect(mail!.data.login).toBe(user.login);
    // 32 random bytes in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(mail!.row)).not.toContain(token);

    const rows = await db().select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'password-reset', tokenHash: sha256Hex(token), usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 60_000);
  });

  it('answers the same text for unknown, inactive and known logins, in each language, and sends only to the known', async () => {
    const inactive = await buildUser(db(), { activated: false });
    const disabled = await buildUser(db(), { disabled: true });
    const known = await buildUser(db());
    const before = (await db().select().from(outbox)).length;

    const answers = [
      await requestReset('ninguem.aqui'),
      await requestReset(inactive.login),
      await requestReset(disabled.email),
      await requestReset(known.email),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[3]!.body);
    }
    expect(await db().select().from(outbox)).toHaveLength(before + 1);
    expect((await resetMailsTo(known.email)).length).toBe(1);
    expect((await requestReset('ninguem.aqui', 'en')).json()).toBe(SENT_EN);
  });

  it('takes the same time for a known and an unknown login (both padded to RESET_ANSWER_MIN_MS)', async () => {
    const timed = async (UserName: string) => {
      const started = performance.now();
      const response = await requestReset(UserName);
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A new account each time: a known login past the cooldown issues a link (the costly path).
      known.push(await timed((await buildUser(db())).login));
      unknown.push(await timed(`ninguem.${i}`));
    }
    // Both answers wait for the floor; comparing their wall times would measure the machine's load, not the
    // server (a CI run once took longer on the known path): the floor is the property the test can assert.
    for (const duration of [...known, ...unknown])
      expect(duration).toBeGreaterThanOrEqual(RESET_ANSWER_MIN_MS - 5);
  });

  it('ignores a second request within the cooldown (same answer, no e-mail); the first link still works', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);
    clock.advance(PASSWORD_RESET_COOLDOWN_MS - 1000);
    const second = await requestReset(user.login);
    expect(second.json()).toBe(SENT_PT);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
    expect((await checkToken(token)).statusCode).toBe(200);
  });

  it('a newer link voids the older one', async () => {
    const user = await buildUser(db());
    const older = await resetToken(user);
    clock.advance(PASSWORD_RESET_COOLDOWN_MS + 1000);
    const newer = await resetToken(user);
    expect(newer).not.toBe(older);

    expect((await checkToken(older)).json()).toMatchObject({ code: 'AUTH_RESET_LINK_INVALID' });
    expect((await setPassword(older)).statusCode).toBe(400);
    expect((await checkToken(newer)).json()).toEqual({ login: user.login });
    expect((await setPassword(newer)).statusCode).toBe(200);
  });
});

describe('POST /api/users/checkPasswordResetToken and setPasswordWithToken', () => {
  it('sets the password, ends every session of the user and signs nobody in', async () => {
    const user = await buildUser(db());
    const first = await signIn(app, user);
    const second = await signIn(app, user);
    const token = await resetToken(user);
    const since = await lastAuditId();

    const check = await checkToken(token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ login: user.login });

    const response = await setPassword(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.headers['set-cookie']).toBeUndefined();

    expect((await renew(first)).statusCode).toBe(401);
    expect((await renew(second)).statusCode).toBe(401);
    expect((await login(app, { UserName: user.login, Password: user.password })).result.failReason).toBe(
      FAIL_REASON.WRONG_CREDENTIALS,
    );
    const { result } = await login(app, { UserName: user.login, Password: NEW_PASSWORD });
    // Not expired: the owner chose it.
    expect(result.success).toBe(true);

    const [used] = await auditRows('auth.password.reset-link-used', since);
    expect(used).toMatchObject({ actorUserId: user.id });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, since - 10));
    expect(JSON.stringify(audits)).not.toContain(token);
    expect(JSON.stringify(audits)).not.toContain(NEW_PASSWORD);
  });

  it('works once: a second use and a later check are refused and audited', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);
    expect((await setPassword(token)).statusCode).toBe(200);
    const since = await lastAuditId();

    const again = await setPassword(token, 'Mais-Uma-Senha-Longa-88');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'AUTH_RESET_LINK_INVALID', Message: INVALID_PT });
    expect((await checkToken(token)).statusCode).toBe(400);
    // The first new password stands.
    expect((await login(app, { UserName: user.login, Password: NEW_PASSWORD })).result.success).toBe(true);

    const refused = await auditRows('auth.password.reset-link-refused', since);
    expect(refused.map((row) => row.details)).toEqual([
      { reason: 'used', step: 'set' },
      { reason: 'used', step: 'check' },
    ]);
    expect(refused.every((row) => row.actorUserId === user.id)).toBe(true);
  });

  it('expires 30 minutes after it was issued', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);
    clock.advance(PASSWORD_RESET_TOKEN_TTL_MS - 1000);
    expect((await checkToken(token)).statusCode).toBe(200);
    clock.advance(1000);
    const since = await lastAuditId();
    const check = await checkToken(token, 'en');
    expect(check.statusCode).toBe(400);
    expect(check.json().Message).toBe(
      'This link to choose a new password is invalid or has expired. Ask for a new one under "Forgot my password".',
    );
    expect((await setPassword(token)).statusCode).toBe(400);
    expect((await login(app, { UserName: user.login, Password: user.password })).result.success).toBe(true);
    const refused = await auditRows('auth.password.reset-link-refused', since);
    expect(refused.map((row) => row.details)).toEqual([
      { reason: 'expired', step: 'check' },
      { reason: 'expired', step: 'set' },
    ]);
  });

  it('refuses a made-up token the same way, audited without the token', async () => {
    const since = await lastAuditId();
    const made = 'x'.repeat(43);
    const response = await checkToken(made);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('AUTH_RESET_LINK_INVALID');
    const [refused] = await auditRows('auth.password.reset-link-refused', since);
    expect(refused).toMatchObject({ actorUserId: null, details: { reason: 'unknown', step: 'check' } });
    expect(JSON.stringify(refused)).not.toContain(made);
  });

  it('refuses the link of an account disabled after it was sent', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await checkToken(token)).statusCode).toBe(400);
    expect((await setPassword(token)).statusCode).toBe(400);
  });

  it('applies the password policy and the confirmation, naming the field, and keeps the link usable', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);

    const short = await setPassword(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([
      { field: 'body.newPassword', message: expect.stringMatching(/8/) },
    ]);
    const common = await setPassword(token, user.login, user.login, 'en');
    expect(common.json().details).toEqual([{ field: 'body.newPassword', message: expect.any(String) }]);
    expect(common.json().details[0].message).not.toBe(short.json().details[0].message);

    const mismatch = await setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ field: 'body.passwordConfirm', message: expect.any(String) }]);

    const missing = await post('/api/users/setPasswordWithToken', {
      newPassword: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'body.token', message: expect.any(String) }]);

    // Nothing was changed or used up.
    expect((await login(app, { UserName: user.login, Password: user.password })).result.success).toBe(true);
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it('lifts a login lock once the owner set a new password through the link', async () => {
    const user = await buildUser(db());
    for (let attempt = 0; attempt < 10; attempt++) {
      await login(app, { UserName: user.login, Password: 'not-the-password' });
      clock.advance(31_000);
    }
    expect((await login(app, { UserName: user.login, Password: user.password })).result.failReason).toBe(
      FAIL_REASON.ACCOUNT_LOCKED,
    );
    const token = await resetToken(user);
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await login(app, { UserName: user.login, Password: NEW_PASSWORD })).result.success).toBe(true);
  });

  it('limits the link routes per address, apart from the reset requests', async () => {
    const ip = nextIp();
    const send = (url: string) =>
      app.inject({ method: 'POST', url, remoteAddress: ip, payload: { token: 'x'.repeat(43) } });
    for (let i = 0; i < 15; i++) {
      expect((await send('/api/users/checkPasswordResetToken')).statusCode).toBe(400);
      expect((await send('/api/users/setPasswordWithToken')).statusCode).toBe(400);
    }
    const limited = await send('/api/users/checkPasswordResetToken');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another group: the same address may still ask for a reset.
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/resetPassword',
      remoteAddress: ip,
      payload: { UserName: 'ninguem' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('a password chosen otherwise voids a pending reset link', () => {
  const OTHER_PASSWORD = 'Mais-Uma-Senha-Longa-88';

  /** The link no longer works (check and set refused as used) and the password chosen otherwise stands. */
  async function expectLinkVoided(token: string, user: { login: string }, password: string | null) {
    const since = await lastAuditId();
    const check = await checkToken(token);
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ code: 'AUTH_RESET_LINK_INVALID', Message: INVALID_PT });
    const set = await setPassword(token, OTHER_PASSWORD);
    expect(set.statusCode).toBe(400);
    expect(set.json()).toMatchObject({ code: 'AUTH_RESET_LINK_INVALID' });
    const refused = await auditRows('auth.password.reset-link-refused', since);
    expect(refused.map((row) => row.details)).toEqual([
      { reason: 'used', step: 'check' },
      { reason: 'used', step: 'set' },
    ]);
    expect((await login(app, { UserName: user.login, Password: OTHER_PASSWORD })).result.success).toBe(false);
    if (password)
      expect((await login(app, { UserName: user.login, Password: password })).result.success).toBe(true);
  }

  it('when the user changes it while signed in; a link asked for later works again', async () => {
    const user = await buildUser(db());
    const session = await signIn(app, user);
    const token = await resetToken(user);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: bearer(session),
      payload: { oldPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    await expectLinkVoided(token, user, NEW_PASSWORD);

    clock.advance(PASSWORD_RESET_COOLDOWN_MS);
    const later = await resetToken(user);
    expect((await checkToken(later)).statusCode).toBe(200);
  });

  it('when the user replaces an expired password at the login', async () => {
    const user = await buildUser(db(), { passwordExpiresAt: clock.now() });
    const token = await resetToken(user);
    const changed = await post('/api/users/changeExpiredPassword', {
      login: user.login,
      oldPassword: user.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await expectLinkVoided(token, user, NEW_PASSWORD);
  });

  it('when an administrator resets it (a temporary password is e-mailed)', async () => {
    const admin = await buildUser(db(), { isAdministrator: true, hasPanelAdminPermission: true });
    const adminHeaders = bearer(await signIn(app, admin));
    const user = await buildUser(db());
    const token = await resetToken(user);
    const record = await app.inject({
      method: 'GET',
      url: `/api/user/getUsertoEdit?UserId=${user.id}`,
      headers: adminHeaders,
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/user/saveUser',
      headers: adminHeaders,
      payload: { ...(record.json() as object), forcePasswordReset: true },
    });
    expect(saved.statusCode).toBe(200);
    await expectLinkVoided(token, user, null);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordExpiresAt).not.toBeNull();
  });
});

describe('password reset and two-step authentication', () => {
  it('still asks the code at the next login of a user with two-step authentication', async () => {
    await app.services.securitySettings.update({ platformMfaEnabled: true });
    try {
      const user = await buildUser(db());
      const { result: first } = await login(app, { UserName: user.login, Password: user.password });
      const setup = await app.inject({
        method: 'GET',
        url: '/api/users/getMFAData',
        headers: bearer(first.token!),
      });
      const { code: secret } = setup.json();
      clock.advance(30_000);
      const registered = await app.inject({
        method: 'POST',
        url: '/api/users/registerUserMFA',
        headers: bearer(first.token!),
        payload: { logonresult: first.token, userCode: generateTotpCode(secret, clock.now()) },
      });
      expect(registered.statusCode).toBe(200);

      const token = await resetToken(user);
      expect((await setPassword(token)).statusCode).toBe(200);

      const { result } = await login(app, { UserName: user.login, Password: NEW_PASSWORD });
      expect(result).toMatchObject({ success: true, userMFAEnabled: true, mfaAuthenticated: false });
      const waiting = await renew(result.token!);
      expect(waiting.statusCode).toBe(403);
      expect(waiting.json().code).toBe('AUTH_MFA_REQUIRED');

      clock.advance(30_000);
      const validated = await app.inject({
        method: 'POST',
        url: '/api/users/validateMFA',
        headers: bearer(result.token!),
        payload: { logonresult: result.token, userCode: generateTotpCode(secret, clock.now()) },
      });
      expect(validated.statusCode).toBe(200);
      expect((await renew(result.token!)).statusCode).toBe(200);
    } finally {
      await app.services.securitySettings.update({ platformMfaEnabled: false });
    }
  });
});

describe('without a mail server', () => {
  it('prints the reset link in the server log, so a local user can finish', async () => {
    const user = await buildUser(db());
    const token = await resetToken(user);
    const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
    const at =
      (level: string) =>
      (object: Record<string, unknown>, message = '') => {
        lines.push({ level, object, message });
      };
    const worker = createOutboxWorker({
      db: db(),
      outbox: app.services.outbox,
      mailer: null,
      // Queued rows take the database's clock; a minute from the real now, every row is due.
      now: () => new Date(Date.now() + 60_000),
      log: {
        info: at('info'),
        warn: at('warn'),
        error: at('error'),
        debug: at('debug'),
      } as unknown as FastifyBaseLogger,
      pollMs: 1000,
      batchSize: 1000,
    });
    await worker.runOnce();
    const link = `${PUBLIC_URL}/newPassword?token=${token}`;
    const announced = lines.find((line) => line.object.link === link);
    expect(announced?.level).toBe('warn');
    expect(announced?.message).toContain(link);
    expect(JSON.stringify(lines)).not.toContain(user.email);
  });
});
