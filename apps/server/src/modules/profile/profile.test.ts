import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { checkAvatar } from './avatar.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real (grey) PNG of the given size; `extraBytes` adds a text chunk to make the file larger. */
function png(width: number, height: number, extraBytes = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter type of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(extraBytes > 0
      ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(extraBytes, 0x61)]))]
      : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

function updateProfile(token: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/users/updateProfile', headers: bearer(token), payload });
}

describe('updateProfile', () => {
  it('saves the name, e-mail and avatar, answers the logged user and audits the change', async () => {
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    const avatar = dataUrl(png(256, 256));
    const response = await updateProfile(token, {
      name: 'Maria Souza',
      email: ' Maria.Souza@DER.example.gov.br ',
      avatar,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      name: 'Maria Souza',
      email: 'maria.souza@der.example.gov.br',
      avatar,
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: 'Maria Souza',
      email: 'maria.souza@der.example.gov.br',
      avatar,
      version: 2,
    });
    // Staff keep their own login.
    expect(row!.login).toBe(user.login);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.profile.updated'));
    expect(audits.find((entry) => entry.actorUserId === user.id)).toMatchObject({
      target: `user:${user.id}`,
      details: { emailChanged: true, loginChanged: false },
    });
    expect(JSON.stringify(audits)).not.toContain('maria.souza');

    // An empty avatar removes the picture.
    const cleared = await updateProfile(token, {
      name: 'Maria Souza',
      email: 'maria.souza@der.example.gov.br',
      avatar: '',
    });
    expect(cleared.json()).toMatchObject({ avatar: '' });
  });

  it('moves the login of an external user along with the e-mail it signs in with', async () => {
    const user = await buildUser(app.database.db, {
      kind: 'requerente',
      login: 'antigo.requerente@exemplo.com.br',
      email: 'antigo.requerente@exemplo.com.br',
      loginPage: '/aet',
    });
    const token = await signIn(app, user);
    const response = await updateProfile(token, {
      name: 'TRANSPORTES X',
      email: 'novo.requerente@exemplo.com.br',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.login).toBe('novo.requerente@exemplo.com.br');
    await expect(
      signIn(app, { login: 'novo.requerente@exemplo.com.br', password: user.password }),
    ).resolves.toEqual(expect.any(String));
  });

  it('refuses an e-mail another account already uses (409 ACCOUNT_DUPLICATE_EMAIL)', async () => {
    const taken = await buildUser(app.database.db);
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    const response = await updateProfile(token, { name: user.name, email: taken.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_DUPLICATE_EMAIL' });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    // Keeping one's own e-mail is no conflict.
    expect((await updateProfile(token, { name: 'Outro Nome', email: user.email })).statusCode).toBe(200);
  });

  it('refuses an avatar that is not a PNG, JPEG or WebP picture, whatever its declared type (400 body.avatar)', async () => {
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    for (const avatar of [
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      dataUrl(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'),
      'https://example.com/foto.png',
      'data:image/png;base64,@@@',
    ]) {
      const response = await updateProfile(token, { name: user.name, email: user.email, avatar });
      expect(response.statusCode, avatar.slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'body.avatar', message: 'A imagem deve ser PNG, JPEG ou WebP' }],
      });
    }
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatar).toBe('');
  });

  it('refuses an avatar larger than 512 KiB or 256 pixels (400 body.avatar)', async () => {
    const user = await buildUser(app.database.db);
    const token = await signIn(app, user);
    for (const image of [png(64, 64, 600 * 1024), png(300, 200)]) {
      const response = await updateProfile(token, {
        name: user.name,
        email: user.email,
        avatar: dataUrl(image),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'body.avatar', message: 'A imagem deve ter no máximo 512 KB e 256×256 pixels' }],
      });
    }
  });

  it('requires a session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/updateProfile',
      payload: { name: 'X', email: 'x@exemplo.com.br' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('avatar check', () => {
  it('reads the dimensions of JPEG and WebP files by their headers, and stores the detected type', () => {
    // A JPEG: SOI, an APP0 segment, then SOF0 with height 120 and width 100.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
      0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x78, 0x00, 0x64, 0x03, 0x01, 0x22, 0x00, 0x02,
      0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
    ]);
    expect(checkAvatar(dataUrl(jpeg, 'image/png'))).toMatchObject({
      ok: true,
      type: 'image/jpeg',
      width: 100,
      height: 120,
      dataUrl: dataUrl(jpeg, 'image/jpeg'),
    });
    // A lossless WebP (VP8L) of 256×256, and one of 257×10.
    const webp = (width: number, height: number) => {
      const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
      const head = Buffer.alloc(30);
      head.write('RIFF', 0, 'latin1');
      head.writeUInt32LE(22, 4);
      head.write('WEBPVP8L', 8, 'latin1');
      head.writeUInt32LE(10, 16);
      head[20] = 0x2f;
      head.writeUInt32LE(bits, 21);
      return head;
    };
    expect(checkAvatar(dataUrl(webp(256, 256), 'image/webp'))).toMatchObject({
      ok: true,
      width: 256,
      height: 256,
    });
    expect(checkAvatar(dataUrl(webp(257, 10), 'image/webp'))).toEqual({ ok: false, reason: 'too-large' });
  });
});
