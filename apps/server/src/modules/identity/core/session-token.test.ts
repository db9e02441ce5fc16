import { randomBytes } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionTokenService } from './session-token.ts';

const key = randomBytes(32);
const start = new Date('2025-03-10T12:00:00Z');
const startSeconds = start.getTime() / 1000;

function createService(overrides: { now?: () => Date; issuer?: string; key?: Uint8Array } = {}) {
  return createSessionTokenService({
    key: overrides.key ?? key,
    issuer: overrides.issuer ?? 'der-portal',
    ttlSeconds: 3600,
    now: overrides.now ?? (() => start),
  });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session token', () => {
  it('signs and verifies sub, sid, iat, exp and iss, in seconds', async () => {
    const service = createService();
    const token = await service.sign({ userId: 42, sessionId: 'sess-1' });
    expect(await service.verify(token)).toEqual({
      sub: '42',
      sid: 'sess-1',
      iat: startSeconds,
      exp: startSeconds + 3600,
      iss: 'der-portal',
    });
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
  });

  it('refuses a token whose signature was altered', async () => {
    const service = createService();
    const [header, payload, signature = ''] = (await service.sign({ userId: 1, sessionId: 's' })).split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await service.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    // A payload changed to another user, kept with the original signature.
    const forgedPayload = b64({
      sub: '1000',
      sid: 's',
      iat: startSeconds,
      exp: startSeconds + 3600,
      iss: 'der-portal',
    });
    expect(await service.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
  });

  it('refuses a token signed with another key', async () => {
    const other = createService({ key: randomBytes(32) });
    expect(await createService().verify(await other.sign({ userId: 1, sessionId: 's' }))).toBeNull();
  });

  it('refuses alg "none"', async () => {
    const claims = { sub: '1', sid: 's', iat: startSeconds, exp: startSeconds + 3600, iss: 'der-portal' };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(await createService().verify(unsigned)).toBeNull();
  });

  it('refuses HS512 with the same key and RS256 with any key', async () => {
    const claims = { sid: 's' };
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject('1')
      .setIssuer('der-portal')
      .setIssuedAt(startSeconds)
      .setExpirationTime(startSeconds + 3600)
      .sign(key);
    expect(await createService().verify(hs512)).toBeNull();

    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject('1')
      .setIssuer('der-portal')
      .setIssuedAt(startSeconds)
      .setExpirationTime(startSeconds + 3600)
      .sign(privateKey);
    expect(await createService().verify(rs256)).toBeNull();
  });

  it('refuses an expired token and accepts it just before', async () => {
    const token = await createService().sign({ userId: 1, sessionId: 's' });
    const at = (seconds: number) => createService({ now: () => new Date((startSeconds + seconds) * 1000) });
    expect(await at(3599).verify(token)).not.toBeNull();
    expect(await at(3600).verify(token)).toBeNull();
  });

  it('refuses a token from another issuer', async () => {
    const token = await createService({ issuer: 'other-instance' }).sign({ userId: 1, sessionId: 's' });
    expect(await createService().verify(token)).toBeNull();
  });

  it('refuses a well-signed token without a session id, or issued in the future', async () => {
    const noSid = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('1')
      .setIssuer('der-portal')
      .setIssuedAt(startSeconds)
      .setExpirationTime(startSeconds + 3600)
      .sign(key);
    expect(await createService().verify(noSid)).toBeNull();

    const future = await createService({ now: () => new Date(start.getTime() + 3_600_000) }).sign({
      userId: 1,
      sessionId: 's',
    });
    expect(await createService().verify(future)).toBeNull();
  });

  it('refuses junk and oversized input without throwing', async () => {
    const service = createService();
    expect(await service.verify('')).toBeNull();
    expect(await service.verify('not.a.jwt')).toBeNull();
    expect(await service.verify('a'.repeat(5000))).toBeNull();
  });
});
