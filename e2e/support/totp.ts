import { Secret, TOTP } from 'otpauth';

/**
 * What an authenticator app does with the text code shown on /enableMFA: RFC 6238 with 6 digits, 30-second
 * steps and HMAC-SHA1 (apps/server/src/modules/identity/core/totp.ts).
 */
export function totpCode(base32Secret: string, at: number = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(base32Secret.replace(/\s+/g, '').toUpperCase()),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at,
  });
}

/** Milliseconds until the current 30-second step ends. */
export function msLeftInStep(at: number = Date.now()): number {
  return 30_000 - (at % 30_000);
}

/**
 * A code of a time step not used yet: the server accepts each step's code once (replay protection), so a
 * second login in the same step waits for the next one.
 */
export async function freshTotpCode(base32Secret: string, usedCodes: Set<string>): Promise<string> {
  for (;;) {
    // Close to a step's end a code may reach the server in the next step; it still passes (±1 step drift),
    // but the next call would then reuse it: keep a margin instead.
    if (msLeftInStep() < 1500) await new Promise((resolve) => setTimeout(resolve, msLeftInStep() + 50));
    const code = totpCode(base32Secret);
    if (!usedCodes.has(code)) {
      usedCodes.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, msLeftInStep() + 50));
  }
}
