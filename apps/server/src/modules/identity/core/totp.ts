import { MFA_CODE_LENGTH } from '@der/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Two-step codes: TOTP (RFC 6238) with the parameters every authenticator app supports (Google
 * Authenticator ignores anything else): 6 digits, 30-second steps, HMAC-SHA1.
 */
export const TOTP_DIGITS = MFA_CODE_LENGTH;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = 'SHA1';
// One step either side (±30 s) absorbs phone clocks that drift and codes typed near a step's end; two would
// double the window an observed code stays useful without helping real users.
export const TOTP_ALLOWED_DRIFT_STEPS = 1;
// 160 bits: the HMAC-SHA1 output size, RFC 4226 §4's recommended secret length.
export const TOTP_SECRET_BYTES = 20;

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';
export interface TotpParameters {
  algorithm?: TotpAlgorithm;
  digits?: number;
  periodSeconds?: number;
}

export type TotpCheck = { ok: true; counter: number } | { ok: false; reason: 'invalid' | 'replayed' };

/** A new random secret, base32 (what authenticator apps and the otpauth:// URI carry). */
export function createTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

export function generateTotpCode(secret: string, at: Date, parameters: TotpParameters = {}): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: at.getTime(),
    ...resolve(parameters),
  });
}

/**
 * The time-step counter whose code equals `code`, searching `window` steps either side of `at`, or null.
 * The counter identifies the code for replay detection: store it once used.
 */
export function findTotpCounter(
  input: { secret: string; code: string; at: Date; window?: number } & TotpParameters,
): number | null {
  const parameters = resolve(input);
  if (!new RegExp(`^\\d{${parameters.digits}}$`).test(input.code)) return null;
  const timestamp = input.at.getTime();
  const delta = TOTP.validate({
    token: input.code,
    secret: Secret.fromBase32(input.secret),
    timestamp,
    window: input.window ?? TOTP_ALLOWED_DRIFT_STEPS,
    ...parameters,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: parameters.period, timestamp }) + delta;
}

/**
 * Checks a code typed by the user. A code is accepted once: a counter not after `lastUsedCounter` is a
 * replay (someone who saw the code, or a double submit), refused even though the code is right.
 */
export function checkTotpCode(input: {
  secret: string;
  code: string;
  at: Date;
  lastUsedCounter: number | null;
}): TotpCheck {
  const counter = findTotpCounter({ secret: input.secret, code: input.code.trim(), at: input.at });
  if (counter === null) return { ok: false, reason: 'invalid' };
  if (input.lastUsedCounter !== null && counter <= input.lastUsedCounter)
    return { ok: false, reason: 'replayed' };
  return { ok: true, counter };
}

/** The otpauth:// key URI of the QR code (the Google Authenticator "Key Uri Format"). */
export function otpauthUri(input: { issuer: string; label: string; secret: string }): string {
  return new TOTP({
    issuer: input.issuer,
    label: input.label,
    secret: Secret.fromBase32(input.secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** PNG data URL of the QR code for the set-up page (MfaDataSchema.qrcode). */
export function qrCodeDataUrl(uri: string): Promise<string> {
  // Level M survives a phone camera's glare and blur; the URI is short, so the image stays small.
  return QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** The same functions bound to an injected clock, for the MFA routes. */
export function createTotpService(deps: { now: () => Date }) {
  return {
    createSecret: createTotpSecret,
    otpauthUri,
    qrCodeDataUrl,
    check: (secret: string, code: string, lastUsedCounter: number | null) =>
      checkTotpCode({ secret, code, at: deps.now(), lastUsedCounter }),
  };
}
export type TotpService = ReturnType<typeof createTotpService>;

function resolve(parameters: TotpParameters) {
  return {
    algorithm: parameters.algorithm ?? TOTP_ALGORITHM,
    digits: parameters.digits ?? TOTP_DIGITS,
    period: parameters.periodSeconds ?? TOTP_PERIOD_SECONDS,
  };
}
