import { type LoginResult, LoginResultSchema } from '@der/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let ipCounter = 0;

/**
 * A new client address per call: the public auth routes are rate-limited per address, and a test clock that
 * stands still would otherwise reach the limit within one file.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function decodeLoginResult(response: LightMyRequestResponse): LoginResult {
  return LoginResultSchema.parse(JSON.parse(Buffer.from(response.body, 'base64').toString('utf8')));
}

export async function login(
  app: FastifyInstance,
  body: {
    UserName: string;
    Password: string;
    recaptchaToken?: string | null;
    forceRecaptcha?: boolean;
  },
  options: { ip?: string; language?: string } = {},
): Promise<{ response: LightMyRequestResponse; result: LoginResult }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    remoteAddress: options.ip ?? nextIp(),
    headers: options.language ? { 'accept-language': options.language } : {},
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return { response, result: decodeLoginResult(response) };
}

/** Logs in and returns the token; fails the test when the login does not succeed. */
export async function signIn(
  app: FastifyInstance,
  user: { login: string; password: string },
): Promise<string> {
  const { result } = await login(app, { UserName: user.login, Password: user.password });
  if (!result.success || !result.token) throw new Error(`login failed: ${JSON.stringify(result)}`);
  return result.token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A mutable fixed clock for buildTestApp({ now }). */
export function createTestClock(start = '2026-03-02T12:00:00.000Z') {
  let current = Date.parse(start);
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(iso: string) {
      current = Date.parse(iso);
    },
  };
}
