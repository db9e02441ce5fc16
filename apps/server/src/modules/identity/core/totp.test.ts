import { Secret, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  checkTotpCode,
  createTotpSecret,
  createTotpService,
  findTotpCounter,
  generateTotpCode,
  otpauthUri,
  qrCodeDataUrl,
  type TotpAlgorithm,
} from './totp.ts';

/** RFC 6238 Appendix B: seeds are the ASCII digits repeated to the hash's size. */
const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: Secret.fromLatin1('12345678901234567890').base32,
  SHA256: Secret.fromLatin1('12345678901234567890123456789012').base32,
  SHA512: Secret.fromLatin1('1234567890123456789012345678901234567890123456789012345678901234').base32,
};
const RFC_6238_VECTORS: Array<[seconds: number, algorithm: TotpAlgorithm, code: string]> = [
  [59, 'SHA1', '94287082'],
  [59, 'SHA256', '46119246'],
  [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'],
  [1111111109, 'SHA256', '68084774'],
  [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'],
  [1111111111, 'SHA256', '67062674'],
  [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'],
  [1234567890, 'SHA256', '91819424'],
  [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'],
  [2000000000, 'SHA256', '90698825'],
  [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'],
  [20000000000, 'SHA256', '77737706'],
  [20000000000, 'SHA512', '47863826'],
];

describe('TOTP, RFC 6238 Appendix B', () => {
  it.each(RFC_6238_VECTORS)('at %i s with %s gives %s', (seconds, algorithm, code) => {
    const at = new Date(seconds * 1000);
    const secret = SEEDS[algorithm];
    expect(generateTotpCode(secret, at, { algorithm, digits: 8 })).toBe(code);
    expect(findTotpCounter({ secret, code, at, algorithm, digits: 8, window: 0 })).toBe(
      Math.floor(seconds / 30),
    );
  });
});

describe('TOTP codes', () => {
  const secret = createTotpSecret();
  const at = new Date('2025-03-10T12:00:15Z');
  const step = (n: number) => new Date(at.getTime() + n * 30_000);
  const counterNow = Math.floor(at.getTime() / 30_000);

  it('creates 160-bit base32 secrets that differ', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
  });

  it('accepts the current code and returns its counter', () => {
    const code = generateTotpCode(secret, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(checkTotpCode({ secret, code, at, lastUsedCounter: null })).toEqual({
      ok: true,
      counter: counterNow,
    });
  });

  it('accepts a code one step early or late, and refuses two steps', () => {
    for (const offset of [-1, 1]) {
      const code = generateTotpCode(secret, step(offset));
      expect(checkTotpCode({ secret, code, at, lastUsedCounter: null })).toEqual({
        ok: true,
        counter: counterNow + offset,
      });
    }
    for (const offset of [-2, 2]) {
      const code = generateTotpCode(secret, step(offset));
      // Skip the 1-in-a-million case where the far code happens to equal a code inside the window.
      const inWindow = [-1, 0, 1].map((n) => generateTotpCode(secret, step(n)));
      if (inWindow.includes(code)) continue;
      expect(checkTotpCode({ secret, code, at, lastUsedCounter: null })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('refuses a code already used, and any older one, but accepts the next step', () => {
    const code = generateTotpCode(secret, at);
    const first = checkTotpCode({ secret, code, at, lastUsedCounter: null });
    expect(first).toEqual({ ok: true, counter: counterNow });
    expect(checkTotpCode({ secret, code, at, lastUsedCounter: counterNow })).toEqual({
      ok: false,
      reason: 'replayed',
    });
    const older = generateTotpCode(secret, step(-1));
    expect(checkTotpCode({ secret, code: older, at, lastUsedCounter: counterNow })).toEqual({
      ok: false,
      reason: 'replayed',
    });
    const next = generateTotpCode(secret, step(1));
    expect(checkTotpCode({ secret, code: next, at: step(1), lastUsedCounter: counterNow })).toEqual({
      ok: true,
      counter: counterNow + 1,
    });
  });

  it('refuses codes of the wrong shape and another secret’s code', () => {
    const code = generateTotpCode(secret, at);
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code.slice(0, 5)}x`]) {
      expect(checkTotpCode({ secret, code: bad, at, lastUsedCounter: null })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    const otherCode = generateTotpCode(createTotpSecret(), at);
    if (otherCode !== code) {
      expect(findTotpCounter({ secret, code: otherCode, at, window: 0 })).toBeNull();
    }
  });

  it('binds checks to the injected clock in the service', () => {
    const service = createTotpService({ now: () => step(10) });
    const code = generateTotpCode(secret, step(10));
    expect(service.check(secret, code, null)).toEqual({ ok: true, counter: counterNow + 10 });
    expect(service.check(secret, generateTotpCode(secret, at), null)).toMatchObject({ ok: false });
  });
});

describe('TOTP set-up', () => {
  it('builds an otpauth:// URI that an authenticator parses back to the same account and secret', () => {
    const secret = createTotpSecret();
    const uri = otpauthUri({ issuer: 'DER Portal', label: 'joão@empresa.com.br', secret });
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    const parsed = URI.parse(uri);
    expect(parsed.issuer).toBe('DER Portal');
    expect(parsed.label).toBe('joão@empresa.com.br');
    expect(parsed.secret.base32).toBe(secret);
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    expect(uri).toContain('algorithm=SHA1');
  });

  it('renders the URI as a PNG data URL', async () => {
    const uri = otpauthUri({ issuer: 'DER', label: 'user', secret: createTotpSecret() });
    const dataUrl = await qrCodeDataUrl(uri);
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(240); // IHDR width
    expect(await qrCodeDataUrl(`${uri}x`)).not.toBe(dataUrl);
  });
});
