import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { createExpiringValue } from '../../infra/cache/expiring-value.ts';
import type { SecretBox } from '../../infra/crypto/secret-box.ts';
import type { Db } from '../../infra/db/database.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { type PushDeviceRow, pushDevices, vapidKeys } from './push.table.ts';

const VAPID_ROW_ID = 1;
const VAPID_SECRET_CONTEXT = 'push:vapid-private-key';

export interface VapidKeyPair {
  /** Uncompressed P-256 point, base64url: what browsers take as applicationServerKey. */
  publicKey: string;
  /** The raw private scalar, base64url. */
  privateKey: string;
}

/** What the service worker shows (apps/web/public/sw.js reads this JSON). */
export interface PushNotification {
  title: string;
  body: string;
  url: string;
}

/** The payload of an outbox row of kind 'push': the device is looked up again when it is sent. */
export interface PushOutboxPayload extends PushNotification {
  deviceId: number;
}

export interface PushDeviceInput {
  deviceName: string;
  pushEndpoint: string;
  pushP256DH: string;
  pushAuth: string;
}

/**
 * The server side of web push: the instance's VAPID keys, the users' devices, and queuing a notification
 * per device in the outbox (the outbox worker sends it with push.sender.ts).
 */
export function createPushService(deps: { db: Db; secretBox: SecretBox }) {
  const { db } = deps;

  async function readKeys(): Promise<VapidKeyPair | null> {
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, VAPID_ROW_ID)).limit(1);
    if (!row) return null;
    return {
      publicKey: row.publicKey,
      privateKey: deps.secretBox.open(row.privateKeySealed, VAPID_SECRET_CONTEXT),
    };
  }

  /** Creates the key pair on the first start; instances racing here keep the first one written. */
  async function ensureVapidKeys(): Promise<VapidKeyPair> {
    const existing = await readKeys();
    if (existing) return existing;
    const generated = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKeys)
      .values({
        id: VAPID_ROW_ID,
        publicKey: generated.publicKey,
        privateKeySealed: deps.secretBox.seal(generated.privateKey, VAPID_SECRET_CONTEXT),
      })
      .onConflictDoNothing({ target: vapidKeys.id });
    const stored = await readKeys();
    if (!stored) throw new Error('VAPID keys were not stored');
    return stored;
  }

  // The key pair never changes while the instance runs.
  const cachedKeys = createExpiringValue(ensureVapidKeys, Number.POSITIVE_INFINITY);

  return {
    ensureVapidKeys,

    /** The key pair (kept in memory once read). */
    getVapidKeys(): Promise<VapidKeyPair> {
      return cachedKeys.get();
    },

    /**
     * Registers a browser's subscription for the user. One browser has one endpoint: when another user signs
     * in on it, the row moves to that user (the previous one stops receiving there).
     */
    async upsertDevice(userId: number, input: PushDeviceInput, now: Date): Promise<void> {
      await db
        .insert(pushDevices)
        .values({
          userId,
          deviceName: input.deviceName,
          endpoint: input.pushEndpoint,
          p256dh: input.pushP256DH,
          auth: input.pushAuth,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: pushDevices.endpoint,
          set: {
            userId,
            deviceName: input.deviceName,
            p256dh: input.pushP256DH,
            auth: input.pushAuth,
            updatedAt: now,
          },
        });
    },

    async findDevice(deviceId: number): Promise<PushDeviceRow | null> {
      const [row] = await db.select().from(pushDevices).where(eq(pushDevices.id, deviceId)).limit(1);
      return row ?? null;
    },

    async deleteDevice(deviceId: number): Promise<void> {
      await db.delete(pushDevices).where(eq(pushDevices.id, deviceId));
    },

    /**
     * Queues one push per device of each user, in the caller's transaction: nothing is pushed for a change
     * that rolls back. Answers how many were queued.
     */
    async enqueueForUsers(
      tx: Db,
      userIds: readonly number[],
      notification: PushNotification,
    ): Promise<number> {
      if (userIds.length === 0) return 0;
      const devices = await tx
        .select({ id: pushDevices.id })
        .from(pushDevices)
        .where(inArray(pushDevices.userId, [...userIds]));
      if (devices.length === 0) return 0;
      await tx.insert(outbox).values(
        devices.map((device) => {
          const payload: PushOutboxPayload = { deviceId: device.id, ...notification };
          return { kind: 'push' as const, payload: { ...payload } };
        }),
      );
      return devices.length;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
