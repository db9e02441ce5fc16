import { describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from './tokens.ts';

describe('randomToken', () => {
  it('gives 32 random bytes as base64url by default, different each time', () => {
    const first = randomToken();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first, 'base64url').byteLength).toBe(32);
    expect(new Set(Array.from({ length: 50 }, () => randomToken())).size).toBe(50);
  });

  it('honours a size and refuses sizes too small to be unguessable', () => {
    expect(Buffer.from(randomToken(48), 'base64url').byteLength).toBe(48);
    expect(() => randomToken(8)).toThrow(RangeError);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 "abc" vector and hashes UTF-8', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('ação')).not.toBe(sha256Hex('acao'));
  });
});
