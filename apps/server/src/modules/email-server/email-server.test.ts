import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { emailServerSettings } from './email-server.table.ts';

const SECRET = 'senha-smtp-super-secreta';

describe('administration: e-mail server', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteToken: string;
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: { to: string[]; raw: string; user: string | undefined }[] = [];
  const logins: { username?: string | null; password?: string | null }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        callback(null, { user: auth.username ?? undefined });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
            user: session.user,
          });
          callback(null, 'Mensagem aceita pelo servidor de teste');
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpPort = (smtp.server.address() as AddressInfo).port;

    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    adminToken = await signIn(app, admin);
    requerenteToken = await signIn(app, requerente);
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it.each([
    ['GET', '/api/admin/emailServer/get', undefined],
    ['POST', '/api/admin/emailServer/save', { host: 'x', port: 25, security: 'none', sender: 'a@b.cd' }],
    ['POST', '/api/admin/emailServer/sendTest', { to: 'a@b.cd' }],
  ] as const)(
    'refuses %s %s to a requerente (403) and to anonymous callers (401)',
    async (method, url, payload) => {
      const asRequerente = await app.inject({ method, url, headers: bearer(requerenteToken), payload });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  const call = (method: 'GET' | 'POST', url: string, payload?: object, language = 'pt-BR') =>
    app.inject({ method, url, payload, headers: { ...bearer(adminToken), 'accept-language': language } });

  it('answers "none" before anything is saved, and refuses a test then', async () => {
    const read = await call('GET', '/api/admin/emailServer/get');
    expect(read.json()).toMatchObject({ source: 'none', hasPassword: false });
    const test = await call('POST', '/api/admin/emailServer/sendTest', { to: 'admin@exemplo.com.br' });
    expect(test.statusCode).toBe(409);
    expect(test.json().code).toBe('EMAIL_SERVER_NOT_CONFIGURED');
  });

  it('seals the password and never returns it; an empty password keeps it', async () => {
    const saved = await call('POST', '/api/admin/emailServer/save', {
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      user: 'der-smtp',
      password: SECRET,
      sender: 'DER <nao-responda@der.sp.gov.br>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      host: '127.0.0.1',
      hasPassword: true,
      source: 'database',
      user: 'der-smtp',
    });
    expect(saved.body).not.toContain(SECRET);

    const [row] = await app.database.db.select().from(emailServerSettings);
    expect(row?.passwordSealed).toBeTruthy();
    expect(row?.passwordSealed).not.toContain(SECRET);

    const kept = await call('POST', '/api/admin/emailServer/save', {
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      user: 'der-smtp',
      password: '',
      sender: 'DER <nao-responda@der.sp.gov.br>',
    });
    expect(kept.json().hasPassword).toBe(true);
    const read = await call('GET', '/api/admin/emailServer/get');
    expect(read.body).not.toContain(SECRET);
    expect(read.json().hasPassword).toBe(true);

    const audit = await app.inject({
      method: 'GET',
      url: '/api/admin/audit/exportCsv?actionPrefix=admin.emailServer',
      headers: bearer(adminToken),
    });
    expect(audit.body).toContain('admin.emailServer.saved');
    expect(audit.body).not.toContain(SECRET);
  });

  it('sends the test e-mail with the saved settings and answers the server reply', async () => {
    const response = await call('POST', '/api/admin/emailServer/sendTest', { to: 'Admin@Exemplo.com.br' });
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(true);
    expect(response.json().response).toContain('Mensagem aceita pelo servidor de teste');
    expect(response.body).not.toContain(SECRET);
    expect(logins.at(-1)).toEqual({ username: 'der-smtp', password: SECRET });
    const message = received.at(-1);
    expect(message?.to).toEqual(['admin@exemplo.com.br']);
    expect(message?.raw).toContain('nao-responda@der.sp.gov.br');
  });

  it('makes the outbox use the saved settings', async () => {
    const mailer = await app.services.emailServer.outboxMailer();
    expect(mailer).not.toBeNull();
    await mailer?.send({ to: 'fila@exemplo.com.br', subject: 'fila', text: 'fila', html: '<p>fila</p>' });
    expect(received.at(-1)?.to).toEqual(['fila@exemplo.com.br']);
    // The same mailer while the settings do not change.
    expect(await app.services.emailServer.outboxMailer()).toBe(mailer);
  });

  it('gives a clear, translated error for a server that cannot be reached', async () => {
    await call('POST', '/api/admin/emailServer/save', {
      host: 'servidor-inexistente.invalid',
      port: 2525,
      security: 'none',
      user: '',
      password: '',
      sender: 'nao-responda@der.sp.gov.br',
    });
    const pt = await call('POST', '/api/admin/emailServer/sendTest', { to: 'admin@exemplo.com.br' });
    expect(pt.statusCode).toBe(200);
    expect(pt.json().ok).toBe(false);
    expect(pt.json().response).toMatch(/^Falha ao enviar o e-mail de teste: servidor não encontrado/);
    expect(pt.body).not.toContain(SECRET);

    await call('POST', '/api/admin/emailServer/save', {
      host: '127.0.0.1',
      port: 1,
      security: 'none',
      sender: 'nao-responda@der.sp.gov.br',
    });
    const en = await call('POST', '/api/admin/emailServer/sendTest', { to: 'admin@exemplo.com.br' }, 'en');
    expect(en.json().ok).toBe(false);
    expect(en.json().response).toMatch(/^The test e-mail could not be sent: /);
    expect(en.json().response).toMatch(/ECONNREFUSED/);
  });

  it('reports a refused login with the server reply, and clearPassword removes the stored password', async () => {
    const strict = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.password === 'a-certa') callback(null, { user: auth.username ?? undefined });
        else callback(Object.assign(new Error('Credenciais recusadas'), { responseCode: 535 }));
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (strict.server.address() as AddressInfo).port;
      const settings = { host: '127.0.0.1', port, security: 'none', user: 'der', sender: 'a@der.sp.gov.br' };
      await call('POST', '/api/admin/emailServer/save', { ...settings, password: 'a-errada' });
      const refused = await call('POST', '/api/admin/emailServer/sendTest', { to: 'admin@exemplo.com.br' });
      expect(refused.statusCode).toBe(200);
      expect(refused.json().ok).toBe(false);
      expect(refused.json().response).toMatch(/^Falha ao enviar o e-mail de teste: /);
      expect(refused.json().response).toContain('535');
      expect(refused.body).not.toContain('a-errada');

      await call('POST', '/api/admin/emailServer/save', { ...settings, password: 'a-certa' });
      const accepted = await call('POST', '/api/admin/emailServer/sendTest', { to: 'admin@exemplo.com.br' });
      expect(accepted.json().ok).toBe(true);

      const cleared = await call('POST', '/api/admin/emailServer/save', { ...settings, clearPassword: true });
      expect(cleared.json().hasPassword).toBe(false);
      const [row] = await app.database.db.select().from(emailServerSettings);
      expect(row?.passwordSealed ?? null).toBeNull();

      // Every test send is audited, without the password.
      const audit = await app.inject({
        method: 'GET',
        url: '/api/admin/audit/exportCsv?actionPrefix=admin.emailServer.testSent',
        headers: bearer(adminToken),
      });
      expect(audit.body.split('\r\n').filter(Boolean).length).toBeGreaterThanOrEqual(3);
      expect(audit.body).not.toContain('a-certa');
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('refuses invalid settings, naming the fields', async () => {
    const response = await call('POST', '/api/admin/emailServer/save', {
      host: '',
      port: 70000,
      security: 'ssl',
      sender: '',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.host', 'body.port', 'body.security', 'body.sender']),
    );
  });
});
