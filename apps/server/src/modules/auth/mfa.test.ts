import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, createTestClock, decodeLoginResult, login } from '../../../test/helpers/auth.ts';
import { users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { generateTotpCode } from '../identity/core/totp.ts';

const clock = createTestClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.services.securitySettings.update({ platformMfaEnabled: true });
});
afterAll(() => app.close());

const db = () => app.database.db;
const renew = (token: string) =>
  app.inject({ method: 'GET', url: '/api/users/renewToken', headers: bearer(token) });
const sendCode = (
  path: 'registerUserMFA' | 'validateMFA',
  token: string,
  userCode: string,
  logonresult = token,
) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${path}`,
    headers: bearer(token),
    payload: { logonresult, userCode },
  });

async function loginToken(user: { login: string; password: string }) {
  const { result } = await login(app, { UserName: user.login, Password: user.password });
  expect(result).toMatchObject({ success: true, platformMFAEnabled: true, mfaAuthenticated: false });
  return result.token ?? '';
}

/** A user with MFA set up through the routes; the base32 secret, for computing codes. */
async function userWithMfa() {
  const user = await buildUser(db());
  const token = await loginToken(user);
  const data = await app.inject({ method: 'GET', url: '/api/users/getMFAData', headers: bearer(token) });
  const { code: secret } = data.json();
  clock.advance(30_000);
  const registered = await sendCode('registerUserMFA', token, generateTotpCode(secret, clock.now()));
  expect(registered.statusCode).toBe(200);
  return { user, secret };
}

describe('two-step authentication (platform MFA on)', () => {
  it('sets up MFA: QR code and secret, a first code turns it on and completes the login', async () => {
    const user = await buildUser(db());
    const token = await loginToken(user);
    // Session routes wait for the code.
    const refused = await renew(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('AUTH_MFA_REQUIRED');

    const data = await app.inject({ method: 'GET', url: '/api/users/getMFAData', headers: bearer(token) });
    expect(data.statusCode).toBe(200);
    const { qrcode, code } = data.json();
    expect(qrcode).toMatch(/^data:image\/png;base64,/);
    expect(code).toMatch(/^[A-Z2-7]{32}$/);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    // Sealed at rest, and not yet on.
    expect(row?.mfaSecret).toMatch(/^v1\./);
    expect(row?.mfaSecret).not.toContain(code);
    expect(row?.mfaEnabled).toBe(false);

    const wrong = await sendCode('registerUserMFA', token, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('AUTH_MFA_CODE_INVALID');

    clock.advance(1000);
    const response = await sendCode('registerUserMFA', token, generateTotpCode(code, clock.now()));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const result = decodeLoginResult(response);
    expect(result).toMatchObject({
      success: true,
      userMFAEnabled: true,
      mfaAuthenticated: true,
      platformMFAEnabled: true,
      loggedUser: { id: user.id },
    });
    expect(result.token).not.toBe(token);
    expect((await renew(result.token ?? '')).statusCode).toBe(200);
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after?.mfaEnabled).toBe(true);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.mfa.enabled'));
    expect(audit.some((entry) => entry.actorUserId === user.id)).toBe(true);

    // A second set-up cannot replace the live secret.
    const again = await app.inject({ method: 'GET', url: '/api/users/getMFAData', headers: bearer(token) });
    expect(again.statusCode).toBe(409);
  });

  it('validates a code of a user with MFA, within ±1 step, each code once', async () => {
    const { user, secret } = await userWithMfa();
    clock.advance(60_000);

    const first = await loginToken(user);
    const code = generateTotpCode(secret, new Date(clock.now().getTime() - 30_000));
    const ok = await sendCode('validateMFA', first, code);
    expect(ok.statusCode).toBe(200);
    expect(decodeLoginResult(ok)).toMatchObject({
      success: true,
      mfaAuthenticated: true,
      userMFAEnabled: true,
    });
    // The session itself is now complete: the old token works on session routes too.
    expect((await renew(first)).statusCode).toBe(200);

    // The same code in another login is a replay.
    const second = await loginToken(user);
    const replay = await sendCode('validateMFA', second, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('AUTH_MFA_CODE_INVALID');
    // A code two steps away is outside the window.
    const far = await sendCode(
      'validateMFA',
      second,
      generateTotpCode(secret, new Date(clock.now().getTime() + 90_000)),
    );
    expect(far.statusCode).toBe(400);
    clock.advance(30_000);
    expect((await sendCode('validateMFA', second, generateTotpCode(secret, clock.now()))).statusCode).toBe(
      200,
    );
  });

  it('ends the session after 5 wrong codes (401 AUTH_MFA_ATTEMPTS_EXCEEDED)', async () => {
    const { user, secret } = await userWithMfa();
    const token = await loginToken(user);
    for (let i = 0; i < 4; i++) {
      expect((await sendCode('validateMFA', token, '123456')).json().code).toBe('AUTH_MFA_CODE_INVALID');
    }
    const fifth = await sendCode('validateMFA', token, '123456');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('AUTH_MFA_ATTEMPTS_EXCEEDED');
    clock.advance(30_000);
    // Even the right code is too late now: the session is gone.
    expect((await sendCode('validateMFA', token, generateTotpCode(secret, clock.now()))).statusCode).toBe(
      401,
    );
  });

  it("refuses a logonresult that is not the caller's own token", async () => {
    const { user, secret } = await userWithMfa();
    const mine = await loginToken(user);
    const other = await loginToken(await buildUser(db()));
    clock.advance(30_000);
    const response = await sendCode('validateMFA', mine, generateTotpCode(secret, clock.now()), other);
    expect(response.statusCode).toBe(403);
  });

  it('refuses validateMFA for a user without MFA and registerUserMFA without a pending secret', async () => {
    const token = await loginToken(await buildUser(db()));
    expect((await sendCode('validateMFA', token, '123456')).json().code).toBe('AUTH_MFA_NOT_SET_UP');
    expect((await sendCode('registerUserMFA', token, '123456')).json().code).toBe('AUTH_MFA_NOT_SET_UP');
    expect((await sendCode('validateMFA', 'no-token', '123456')).statusCode).toBe(401);
  });

  it('validates the code format (6 digits)', async () => {
    const token = await loginToken(await buildUser(db()));
    const response = await sendCode('validateMFA', token, '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({
      field: 'body.userCode',
      message: 'O código deve ter 6 dígitos',
    });
  });
});
