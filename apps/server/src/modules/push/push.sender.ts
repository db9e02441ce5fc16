import webpush from 'web-push';
import type { OutboxHandler } from '../../infra/outbox/outbox.worker.ts';
import type { PushOutboxPayload, PushService } from './push.service.ts';

/** What became of one queued push. A failure to retry is thrown instead. */
export type PushOutcome = 'sent' | 'device-gone';

/** A push service answer that retrying cannot change (the subscription is gone). */
const GONE_STATUSES = new Set([404, 410]);
/** A day: a notice older than that is stale news, and the push service may drop it. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export class PushDeliveryError extends Error {
  readonly statusCode: number | null;

  constructor(message: string, statusCode: number | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PushDeliveryError';
    this.statusCode = statusCode;
  }
}

/** The VAPID subject (RFC 8292 §2.1): a mailto: or an https: URL the push service may contact. */
export function vapidSubjectFor(configured: string | undefined, publicUrl: string): string {
  if (configured) return configured;
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:nao-responda@der.local';
}

/**
 * Sends one queued notification: encrypted for the device (RFC 8291, aes128gcm) and signed with the instance's
 * VAPID key (RFC 8292). web-push builds the request; it is sent with fetch, which — unlike web-push's own
 * sender — also reaches an http:// endpoint (a local push service in tests).
 */
export function createPushSender(deps: {
  push: PushService;
  vapidSubject: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const doFetch = deps.fetch ?? fetch;

  return {
    async deliver(payload: PushOutboxPayload): Promise<PushOutcome> {
      const device = await deps.push.findDevice(payload.deviceId);
      // Unsubscribed (or moved away and removed) since the message was queued: nothing to send.
      if (!device) return 'device-gone';
      const keys = await deps.push.getVapidKeys();
      const details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify({ title: payload.title, body: payload.body, url: payload.url }),
        {
          vapidDetails: {
            subject: deps.vapidSubject,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length itself from the body.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      let response: Response;
      try {
        response = await doFetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(deps.timeoutMs ?? PUSH_TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (error) {
        throw new PushDeliveryError(`push service unreachable: ${(error as Error).message}`, null, {
          cause: error,
        });
      }
      // The body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return 'sent';
      if (GONE_STATUSES.has(response.status)) {
        await deps.push.deleteDevice(device.id);
        return 'device-gone';
      }
      throw new PushDeliveryError(`push service answered ${response.status}`, response.status);
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;

/** The outbox worker's handler of 'push' rows: a device that is gone is given up, not retried. */
export function createPushOutboxHandler(sender: PushSender): OutboxHandler {
  return async (row) =>
    (await sender.deliver(row.payload as unknown as PushOutboxPayload)) === 'sent' ? 'sent' : 'discarded';
}
