import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box.ts';

const key = randomBytes(32);

describe('secret box', () => {
  it('opens what it sealed, including non-ASCII text, and never stores the plaintext', () => {
    const box = createSecretBox(key);
    const envelope = box.seal('JBSWY3DPEHPK3PXP senha çã');
    expect(envelope).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(envelope).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(envelope)).toBe('JBSWY3DPEHPK3PXP senha çã');
  });

  it('uses a fresh IV each time, so equal secrets do not look equal', () => {
    const box = createSecretBox(key);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses an envelope with any byte altered', () => {
    const box = createSecretBox(key);
    const envelope = box.seal('secret');
    const payload = Buffer.from(envelope.slice(3), 'base64url');
    for (const index of [0, 12, payload.byteLength - 1]) {
      const altered = Buffer.from(payload);
      altered[index] = (altered[index] ?? 0) ^ 0x01;
      expect(() => box.open(`v1.${altered.toString('base64url')}`)).toThrow(SecretBoxError);
    }
  });

  it('refuses to open with another key', () => {
    const envelope = createSecretBox(key).seal('secret');
    expect(() => createSecretBox(randomBytes(32)).open(envelope)).toThrow(SecretBoxError);
  });

  it('binds the envelope to its context, so it cannot be moved to another row', () => {
    const box = createSecretBox(key);
    const envelope = box.seal('secret', 'totp:user:1');
    expect(box.open(envelope, 'totp:user:1')).toBe('secret');
    expect(() => box.open(envelope, 'totp:user:2')).toThrow(SecretBoxError);
    expect(() => box.open(envelope)).toThrow(SecretBoxError);
  });

  it('refuses unknown versions and truncated envelopes', () => {
    const box = createSecretBox(key);
    const envelope = box.seal('secret');
    expect(() => box.open(envelope.replace(/^v1/, 'v2'))).toThrow(/version/);
    expect(() => box.open('v1.AAAA')).toThrow(/too short/);
    expect(() => box.open('garbage')).toThrow(/version/);
  });

  it('requires a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
