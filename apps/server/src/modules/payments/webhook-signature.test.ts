import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';

const SECRET = 'segredo-compartilhado-com-o-provedor-0123456789';
const body = Buffer.from('{"eventId":"evt_123456","chargeId":"chg_1","status":"paid"}');
const now = new Date('2026-05-20T15:00:00Z');
const at = Math.floor(now.getTime() / 1000);

describe('payment webhook signature', () => {
  it('accepts the HMAC of timestamp and body signed with the shared secret', () => {
    const signature = signWebhook(SECRET, at, body);
    expect(verifyWebhook(SECRET, { signature, timestamp: String(at) }, body, now)).toBe('valid');
  });

  it('refuses another secret, a changed body or a changed timestamp as forged', () => {
    const signature = signWebhook(SECRET, at, body);
    expect(
      verifyWebhook(SECRET, { signature: signWebhook('outro', at, body), timestamp: String(at) }, body, now),
    ).toBe('forged');
    const changed = Buffer.from(body.toString().replace('chg_1', 'chg_2'));
    expect(verifyWebhook(SECRET, { signature, timestamp: String(at) }, changed, now)).toBe('forged');
    expect(verifyWebhook(SECRET, { signature, timestamp: String(at + 1) }, body, now)).toBe('forged');
  });

  it('refuses a notification signed more than five minutes away', () => {
    const old = at - 301;
    expect(
      verifyWebhook(SECRET, { signature: signWebhook(SECRET, old, body), timestamp: String(old) }, body, now),
    ).toBe('stale');
    const edge = at - 300;
    expect(
      verifyWebhook(
        SECRET,
        { signature: signWebhook(SECRET, edge, body), timestamp: String(edge) },
        body,
        now,
      ),
    ).toBe('valid');
  });

  it('refuses missing or malformed headers', () => {
    expect(verifyWebhook(SECRET, { timestamp: String(at) }, body, now)).toBe('missing');
    expect(verifyWebhook(SECRET, { signature: 'abc', timestamp: String(at) }, body, now)).toBe('missing');
    expect(verifyWebhook(SECRET, { signature: signWebhook(SECRET, at, body) }, body, now)).toBe('missing');
  });
});
