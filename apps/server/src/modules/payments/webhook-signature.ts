import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '../../infra/http/register-route.ts';

/** Where the provider posts its signed notifications (outside the contracts: its body is read as raw bytes). */
export const PAYMENT_WEBHOOK_PATH = `${API_PREFIX}/payments/webhook`;

/** Headers of a signed provider notification: the Unix time it was signed at, and the HMAC. */
export const SIGNATURE_HEADER = 'x-payment-signature';
export const TIMESTAMP_HEADER = 'x-payment-timestamp';

/** How old (or how far ahead) a notification may be: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 over `<timestamp>.<raw body>` with the shared secret, hex: the body exactly as sent. */
export function signWebhook(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export type SignatureVerdict = 'valid' | 'missing' | 'forged' | 'stale';

/** Whether a notification was signed with the secret within the tolerance (constant-time comparison). */
export function verifyWebhook(
  secret: string,
  headers: { signature?: string | undefined; timestamp?: string | undefined },
  rawBody: Buffer,
  now: Date,
): SignatureVerdict {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature))
    return 'missing';
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'forged';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return 'valid';
}
