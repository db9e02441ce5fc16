import type { Message } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildGroup, buildMessage, buildPushDevice } from '../../../test/factories/shell.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { pushDevices } from '../push/push.table.ts';
import { messages } from './messages.table.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function signedInUser(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(app.database.db, overrides);
  return { user, token: await signIn(app, user) };
}

async function listMessages(token: string): Promise<Message[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/message/getMessages',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function post(token: string, path: string, payload?: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/message/${path}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function messagesOf(userId: number) {
  return app.database.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);
}

describe("the caller's messages", () => {
  it('lists only the caller’s messages, newest first, in the contract shape', async () => {
    const db = app.database.db;
    const { user, token } = await signedInUser();
    const other = await buildUser(db);
    const older = await buildMessage(db, user.id, {
      title: 'Antiga',
      createdAt: new Date('2026-01-01T10:00:00Z'),
      readed: true,
    });
    const newer = await buildMessage(db, user.id, {
      title: 'Nova',
      messageText: 'Sua solicitação foi aprovada.',
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    await buildMessage(db, other.id, { title: 'De outra pessoa' });

    expect(await listMessages(token)).toEqual([
      {
        id: newer.id,
        title: 'Nova',
        messageText: 'Sua solicitação foi aprovada.',
        creationDate: '2026-02-01T10:00:00.000Z',
        readed: false,
      },
      {
        id: older.id,
        title: 'Antiga',
        messageText: 'Texto do aviso',
        creationDate: '2026-01-01T10:00:00.000Z',
        readed: true,
      },
    ]);
  });

  it('marks read and deletes only the caller’s messages; another user’s ids are silently left alone', async () => {
    const db = app.database.db;
    const { user, token } = await signedInUser();
    const { user: victim } = await signedInUser();
    const mine = [
      await buildMessage(db, user.id),
      await buildMessage(db, user.id),
      await buildMessage(db, user.id),
    ];
    const theirs = [await buildMessage(db, victim.id), await buildMessage(db, victim.id)];

    const marked = await post(token, 'setReaded', { ids: [mine[0]!.id, theirs[0]!.id] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ success: true });
    expect((await messagesOf(user.id)).map((m) => m.readed)).toEqual([true, false, false]);

    expect((await post(token, 'delete', { ids: [mine[1]!.id, theirs[1]!.id] })).statusCode).toBe(200);
    expect((await messagesOf(user.id)).map((m) => m.id)).toEqual([mine[0]!.id, mine[2]!.id]);

    expect((await post(token, 'setAllReaded')).statusCode).toBe(200);
    expect((await messagesOf(user.id)).every((m) => m.readed)).toBe(true);

    expect((await post(token, 'deleteAllMessages')).statusCode).toBe(200);
    expect(await messagesOf(user.id)).toEqual([]);
    expect(await listMessages(token)).toEqual([]);

    // The other user's messages: all there, all unread.
    const victimRows = await messagesOf(victim.id);
    expect(victimRows.map((m) => [m.id, m.readed])).toEqual(theirs.map((m) => [m.id, false]));
  });

  it('refuses an empty or malformed id list, and anonymous callers', async () => {
    const { token } = await signedInUser();
    expect((await post(token, 'setReaded', { ids: [] })).statusCode).toBe(400);
    expect((await post(token, 'delete', { ids: ['x'] })).statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'POST', url: '/api/message/deleteAllMessages' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('push devices', () => {
  const device = (endpoint: string) => ({
    deviceName: 'Chrome no Linux',
    pushEndpoint: endpoint,
    pushP256DH: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    pushAuth: 'tBHItJI5svbpez7KI4CCXg',
  });

  it('gives the VAPID public key, the same on every call', async () => {
    const { token } = await signedInUser();
    const first = await app.inject({
      method: 'GET',
      url: '/api/message/getVapidPublicKey',
      headers: bearer(token),
    });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    // An uncompressed P-256 point: 65 bytes starting with 0x04.
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const again = await app.inject({
      method: 'GET',
      url: '/api/message/getVapidPublicKey',
      headers: bearer(token),
    });
    expect(again.json()).toEqual({ publicKey });
  });

  it('registers a subscription, and moves it to whoever registers the same endpoint next', async () => {
    const { user, token } = await signedInUser();
    const { user: next, token: nextToken } = await signedInUser();
    const endpoint = `https://push.example.com/send/${user.id}-browser`;
    expect((await post(token, 'createDevice', device(endpoint))).json()).toEqual({ success: true });
    expect((await post(token, 'createDevice', device(endpoint))).statusCode).toBe(200);
    let rows = await app.database.db.select().from(pushDevices).where(eq(pushDevices.endpoint, endpoint));
    expect(rows.map((row) => [row.userId, row.deviceName])).toEqual([[user.id, 'Chrome no Linux']]);

    const moved = { ...device(endpoint), deviceName: 'Outro', pushAuth: 'bm92by1hdXRo' };
    expect((await post(nextToken, 'createDevice', moved)).statusCode).toBe(200);
    rows = await app.database.db.select().from(pushDevices).where(eq(pushDevices.endpoint, endpoint));
    expect(rows.map((row) => [row.userId, row.deviceName, row.auth])).toEqual([
      [next.id, 'Outro', 'bm92by1hdXRo'],
    ]);
  });

  it('refuses an http:// endpoint unless configured, and one that is no URL', async () => {
    const { token } = await signedInUser();
    const insecure = await post(token, 'createDevice', device('http://push.example.com/send/1'));
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json().details).toEqual([{ field: 'body.pushEndpoint', message: expect.any(String) }]);
    expect((await post(token, 'createDevice', device('javascript:alert(1)'))).statusCode).toBe(400);
  });
});

describe('sendMessage (administrators)', () => {
  it('reaches the chosen users and every member of the chosen groups once, with one push per device', async () => {
    const db = app.database.db;
    const { user: admin, token } = await signedInUser({ hasPanelAdminPermission: true });
    const ana = await buildUser(db);
    const bruno = await buildUser(db);
    const carla = await buildUser(db);
    const outsider = await buildUser(db);
    const disabled = await buildUser(db, { disabled: true });
    const group = await buildGroup(db, { memberIds: [ana.id, bruno.id, disabled.id] });
    await buildPushDevice(db, ana.id);
    await buildPushDevice(db, ana.id);
    await buildPushDevice(db, outsider.id);
    await db.delete(outbox);

    const response = await post(token, 'sendMessage', {
      title: 'Manutenção programada',
      messageText: 'O portal ficará indisponível no sábado, das 8h às 12h.',
      userIds: [carla.id, ana.id],
      groupIds: [group.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recipients: 3 });

    for (const person of [ana, bruno, carla]) {
      const rows = await messagesOf(person.id);
      expect(rows.map((row) => [row.title, row.readed])).toEqual([['Manutenção programada', false]]);
    }
    expect(await messagesOf(outsider.id)).toEqual([]);
    expect(await messagesOf(disabled.id)).toEqual([]);

    const queued = await db.select().from(outbox);
    expect(queued).toHaveLength(2);
    expect(queued.every((row) => row.kind === 'push' && row.status === 'pending')).toBe(true);
    expect(queued[0]!.payload).toMatchObject({
      title: 'Manutenção programada',
      body: 'O portal ficará indisponível no sábado, das 8h às 12h.',
      url: '/app',
    });

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'admin.message.sent'));
    expect(audit).toMatchObject({ actorUserId: admin.id, details: { recipients: 3, pushes: 2 } });
  });

  it('is refused (403) to a user who is not an administrator, and sends nothing', async () => {
    const db = app.database.db;
    const { user, token } = await signedInUser({ kind: 'requerente' });
    const target = await buildUser(db);
    const response = await post(token, 'sendMessage', {
      title: 'Falso aviso',
      messageText: 'Clique aqui',
      userIds: [target.id],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await messagesOf(target.id)).toEqual([]);
    expect(await messagesOf(user.id)).toEqual([]);
  });

  it('needs at least one recipient', async () => {
    const { token } = await signedInUser({ isAdministrator: true });
    const response = await post(token, 'sendMessage', { title: 'Sem destino', messageText: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'body.userIds', message: expect.any(String) }]);
  });
});
