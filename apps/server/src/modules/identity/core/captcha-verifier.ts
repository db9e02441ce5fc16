import { sha256Hex } from '../../../infra/crypto/tokens.ts';

/**
 * Server-side check of a reCAPTCHA token (https://developers.google.com/recaptcha/docs/verify). The browser's
 * "solved" state proves nothing; only Google's answer to our secret does.
 */
export const DEFAULT_CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
// Long enough for a slow link to Google, short enough that a login does not hang when Google is unreachable.
export const DEFAULT_CAPTCHA_TIMEOUT_MS = 5000;
const MAX_TOKEN_LENGTH = 4096;

/** Remembers tokens already presented (by hash), so the same solved captcha is never good for two logins. */
export interface CaptchaTokenStore {
  /** True when the hash was not yet known and is now recorded; false when it was already used. */
  markUsed(tokenHash: string): Promise<boolean>;
}

export type CaptchaFailureReason =
  | 'missing-token'
  | 'already-used'
  /** Google answered: not a valid solution (expired, wrong site, duplicate …); see errorCodes. */
  | 'rejected'
  | 'hostname-mismatch'
  | 'timeout'
  /** Google unreachable or answering with an HTTP error. */
  | 'unavailable'
  | 'bad-response';

export type CaptchaVerdict =
  | { valid: true }
  | { valid: false; reason: CaptchaFailureReason; errorCodes?: string[] };

export interface CaptchaVerifier {
  /** Never throws and never logs: the token is a bearer credential for one login. */
  verify(token: string | null | undefined, options?: { remoteIp?: string }): Promise<CaptchaVerdict>;
}

export function createCaptchaVerifier(deps: {
  secret: string;
  store: CaptchaTokenStore;
  verifyUrl?: string;
  timeoutMs?: number;
  /** When set, a solution made on another site (a token harvested elsewhere) is refused. */
  expectedHostname?: string;
  fetch?: typeof fetch;
}): CaptchaVerifier {
  const verifyUrl = deps.verifyUrl ?? DEFAULT_CAPTCHA_VERIFY_URL;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_CAPTCHA_TIMEOUT_MS;
  const doFetch = deps.fetch ?? fetch;

  return {
    async verify(token, options = {}) {
      if (typeof token !== 'string' || token.trim() === '' || token.length > MAX_TOKEN_LENGTH) {
        return { valid: false, reason: 'missing-token' };
      }
      // Claimed before asking Google, so two requests racing with the same token cannot both pass.
      if (!(await deps.store.markUsed(sha256Hex(token)))) return { valid: false, reason: 'already-used' };

      const form = new URLSearchParams({ secret: deps.secret, response: token });
      if (options.remoteIp) form.set('remoteip', options.remoteIp);

      let body: unknown;
      try {
        const response = await doFetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { valid: false, reason: 'unavailable' };
        try {
          body = await response.json();
        } catch (error) {
          if (isTimeout(error)) return { valid: false, reason: 'timeout' };
          return { valid: false, reason: 'bad-response' };
        }
      } catch (error) {
        return { valid: false, reason: isTimeout(error) ? 'timeout' : 'unavailable' };
      }
      return judge(body, deps.expectedHostname);
    },
  };
}

function judge(body: unknown, expectedHostname: string | undefined): CaptchaVerdict {
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof (body as { success?: unknown }).success !== 'boolean'
  ) {
    return { valid: false, reason: 'bad-response' };
  }
  const answer = body as { success: boolean; hostname?: unknown; 'error-codes'?: unknown };
  if (!answer.success) {
    const codes = Array.isArray(answer['error-codes'])
      ? answer['error-codes'].filter((code): code is string => typeof code === 'string')
      : [];
    return { valid: false, reason: 'rejected', errorCodes: codes };
  }
  if (expectedHostname !== undefined && answer.hostname !== expectedHostname) {
    return { valid: false, reason: 'hostname-mismatch' };
  }
  return { valid: true };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
