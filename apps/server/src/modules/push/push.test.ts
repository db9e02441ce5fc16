import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { createOutboxWorker } from '../../infra/outbox/outbox.worker.ts';
import { createPushOutboxHandler, createPushSender } from './push.sender.ts';
import { pushDevices } from './push.table.ts';

const VAPID_SUBJECT = 'mailto:nao-responda@der.local';

let app: FastifyInstance;
let pushService: LocalPushService;
let adminToken: string;
beforeAll(async () => {
  app = await buildTestApp({ config: { pushAllowHttpEndpoints: true } });
  pushService = await startLocalPushService();
  const admin = await buildUser(app.database.db, { isAdministrator: true });
  adminToken = await signIn(app, admin);
});
afterAll(async () => {
  await pushService.close();
  await app.close();
});
afterEach(async () => {
  await app.database.db.delete(outbox);
  pushService.received.length = 0;
  pushService.answers.clear();
});

interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** Status to answer per path (default 201, as push services do). */
  answers: Map<string, number>;
  close(): Promise<void>;
}

/** A stand-in for a browser vendor's push service: records each request and answers 201 (or as told). */
async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its own P-256 key pair and auth secret (RFC 8291 §2). */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

type Subscription = ReturnType<typeof browserSubscription>;

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the endpoint's origin, signed by `k`. */
function verifyVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verifySignature(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    k,
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud: string;
      exp: number;
      sub: string;
    },
    audience,
  };
}

/** Decrypts an aes128gcm push message (RFC 8188 framing, RFC 8291 keys) with the subscription's private key. */
function decryptPush(body: Buffer, subscription: Subscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);

  const sharedSecret = subscription.ecdh.computeSecret(serverPublicKey);
  // RFC 8291 §3.3: PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, key_info || 0x01).
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    subscription.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const prkKey = createHmac('sha256', subscription.auth).update(sharedSecret).digest();
  const ikm = createHmac('sha256', prkKey)
    .update(Buffer.concat([keyInfo, Buffer.from([1])]))
    .digest();
  // RFC 8188 §2.2–2.3: the content-encryption key and nonce from the salt.
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12),
  );

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

function worker() {
  const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
  return createOutboxWorker({
    db: app.database.db,
    outbox: app.services.outbox,
    mailer: null,
    now: () => new Date(Date.now() + 1000),
    log,
    pollMs: 50,
    random: () => 0.5,
    handlers: {
      push: createPushOutboxHandler(
        createPushSender({ push: app.services.push, vapidSubject: VAPID_SUBJECT }),
      ),
    },
  });
}

async function subscribe(token: string, subscription: Subscription, id: string) {
  const endpoint = `${pushService.origin}/push/${id}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/message/createDevice',
    headers: bearer(token),
    payload: {
      deviceName: 'Firefox',
      pushEndpoint: endpoint,
      pushP256DH: subscription.ecdh.getPublicKey().toString('base64url'),
      pushAuth: subscription.auth.toString('base64url'),
    },
  });
  expect(response.statusCode).toBe(200);
  return endpoint;
}

async function sendToGroup(groupId: number, title: string, messageText: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/message/sendMessage',
    headers: bearer(adminToken),
    payload: { title, messageText, groupIds: [groupId] },
  });
  expect(response.statusCode).toBe(200);
}

describe('web push delivery', () => {
  it('pushes a new message to the recipient’s browser, VAPID-signed and encrypted for that subscription', async () => {
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    const subscription = browserSubscription();
    await subscribe(token, subscription, `ok-${user.id}`);
    const group = await buildGroup(app.database.db, { memberIds: [user.id] });
    await sendToGroup(group.id, 'Solicitação aprovada', 'A sua AET nº 123/2026 foi emitida.');

    expect(await worker().runOnce()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(pushService.received).toHaveLength(1);
    const push = pushService.received[0]!;
    expect(push.path).toBe(`/push/ok-${user.id}`);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);

    const vapid = verifyVapid(push.headers.authorization, pushService.origin);
    expect(vapid.valid).toBe(true);
    expect(vapid.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(vapid.claims.aud).toBe(pushService.origin);
    expect(vapid.claims.sub).toBe(VAPID_SUBJECT);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
    // Signed with the key the browsers were given.
    const published = await app.inject({
      method: 'GET',
      url: '/api/message/getVapidPublicKey',
      headers: bearer(token),
    });
    expect(vapid.k).toBe(published.json().publicKey);

    expect(JSON.parse(decryptPush(push.body, subscription))).toEqual({
      title: 'Solicitação aprovada',
      body: 'A sua AET nº 123/2026 foi emitida.',
      url: '/app',
    });
    const [row] = await app.database.db.select().from(outbox);
    expect(row).toMatchObject({ kind: 'push', status: 'sent', attempts: 1 });
    // Sent once.
    expect((await worker().runOnce()).sent).toBe(0);
  });

  it('removes a device whose push service answers 410 Gone, without retrying', async () => {
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    const endpoint = await subscribe(token, browserSubscription(), `gone-${user.id}`);
    pushService.answers.set(`/push/gone-${user.id}`, 410);
    const group = await buildGroup(app.database.db, { memberIds: [user.id] });
    await sendToGroup(group.id, 'Aviso', 'Texto');

    expect(await worker().runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 1 });
    expect(pushService.received).toHaveLength(1);
    expect(
      await app.database.db.select().from(pushDevices).where(eq(pushDevices.endpoint, endpoint)),
    ).toEqual([]);
    const [row] = await app.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    // The message itself stays in the bell.
    const listed = await app.inject({
      method: 'GET',
      url: '/api/message/getMessages',
      headers: bearer(token),
    });
    expect(listed.json()).toHaveLength(1);
  });

  it('retries later when the push service fails for now (5xx), keeping the device', async () => {
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    const endpoint = await subscribe(token, browserSubscription(), `busy-${user.id}`);
    pushService.answers.set(`/push/busy-${user.id}`, 503);
    const group = await buildGroup(app.database.db, { memberIds: [user.id] });
    await sendToGroup(group.id, 'Aviso', 'Texto');

    expect(await worker().runOnce()).toMatchObject({ sent: 0, retried: 1, failed: 0 });
    const [row] = await app.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('503');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(
      await app.database.db.select().from(pushDevices).where(eq(pushDevices.endpoint, endpoint)),
    ).toHaveLength(1);
  });
});
