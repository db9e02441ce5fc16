import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, type SmtpSettings } from './mailer.ts';
import { renderEmail } from './templates/render-email.ts';

interface Captured {
  from: string | undefined;
  to: string[];
  raw: string;
  secure: boolean;
  user: string | undefined;
}
interface Login {
  username: string | null | undefined;
  password: string | null | undefined;
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

/** A real SMTP server on a free local port that accepts any login and keeps what it receives. */
async function startSmtpServer(options: SMTPServerOptions = {}) {
  const messages: Captured[] = [];
  const logins: Login[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    ...options,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username ?? undefined });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
          secure: session.secure,
          user: session.user,
        });
        callback();
      });
    },
  });
  // A client that refuses our self-signed certificate closes mid-handshake; the server reports it as an error.
  const serverErrors: Error[] = [];
  server.on('error', (error) => serverErrors.push(error));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, messages, logins, serverErrors };
}

/** Undoes the MIME encodings nodemailer applies (encoded-word headers, quoted-printable bodies). */
function decodeSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const settings = (port: number, overrides: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: '127.0.0.1',
  port,
  secure: 'none',
  from: '"Portal DER" <naoresponda@der.example.gov.br>',
  timeoutMs: 5000,
  ...overrides,
});

const activation = renderEmail('activation', 'pt-BR', {
  platformName: 'Portal DER',
  publicUrl: 'https://portal.der.example.gov.br',
  name: 'JOÃO DA SILVA',
  token: 'tok-abc',
  accountType: 'permissionario',
});

describe('SMTP mailer', () => {
  it('delivers subject, recipient, sender, text and HTML to a real SMTP server, authenticated', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(settings(smtp.port, { user: 'mailer', password: 's3cr3t' }));
    const sent = await mailer.send({ to: 'joao@empresa.com.br', ...activation });
    mailer.close();

    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(smtp.logins).toEqual([{ username: 'mailer', password: 's3cr3t' }]);
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message.from).toBe('naoresponda@der.example.gov.br');
    expect(message.to).toEqual(['joao@empresa.com.br']);
    expect(message.user).toBe('mailer');
    expect(decodeSubject(message.raw)).toBe('Ative sua conta – Portal DER');
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/);
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain('Olá, JOÃO DA SILVA.');
    expect(body).toContain('href="https://portal.der.example.gov.br/activate?token=tok-abc"');
  });

  it('sends without authentication when no user is set, and never upgrades in "none" mode', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(settings(smtp.port));
    await mailer.send({ to: 'a@b.com.br', subject: 'Plain', text: 'texto', html: '<p>texto</p>' });
    mailer.close();
    expect(smtp.logins).toEqual([]);
    expect(smtp.messages[0]?.secure).toBe(false);
    expect(decodeSubject(smtp.messages[0]?.raw ?? '')).toBe('Plain');
  });

  it('sends the Message-ID it is given, the same on every send, and makes a new one when given none', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(settings(smtp.port));
    const messageId = '<0b7c4a52-9d0e-4f1e-8a61-3f1c2d9e8b77@portal.der.example.gov.br>';
    const message = { to: 'a@b.com.br', subject: 'Uma vez', text: 't', html: '<p>t</p>', messageId };
    const first = await mailer.send(message);
    const second = await mailer.send(message);
    const fresh = await mailer.send({ to: 'a@b.com.br', subject: 'Outra', text: 't', html: '<p>t</p>' });
    mailer.close();

    expect([first.messageId, second.messageId]).toEqual([messageId, messageId]);
    // A long header is folded onto the next line: unfold before reading it.
    const headers = smtp.messages.map(
      (captured) => /^Message-ID: (.*)$/im.exec(captured.raw.replace(/\r\n[ \t]+/g, ' '))?.[1],
    );
    expect(headers).toEqual([messageId, messageId, fresh.messageId]);
    expect(fresh.messageId).not.toBe(messageId);
  });

  it('upgrades with STARTTLS, and refuses a server that does not offer it', async () => {
    const tlsCapable = await startSmtpServer({ allowInsecureAuth: false });
    const mailer = createSmtpMailer(
      settings(tlsCapable.port, {
        secure: 'starttls',
        user: 'u',
        password: 'p',
        allowInvalidCertificate: true,
      }),
    );
    await mailer.send({ to: 'a@b.com.br', subject: 'Seguro', text: 't', html: '<p>t</p>' });
    mailer.close();
    expect(tlsCapable.messages[0]?.secure).toBe(true);
    expect(tlsCapable.logins).toHaveLength(1);

    const noTls = await startSmtpServer({ disabledCommands: ['STARTTLS'] });
    const strict = createSmtpMailer(
      settings(noTls.port, { secure: 'starttls', allowInvalidCertificate: true }),
    );
    await expect(strict.send({ to: 'a@b.com.br', subject: 'x', text: 't', html: 't' })).rejects.toThrow();
    strict.close();
    expect(noTls.messages).toHaveLength(0);
  });

  it('speaks TLS from the first byte in "tls" mode, and refuses a self-signed certificate unless allowed', async () => {
    const smtp = await startSmtpServer({ secure: true });
    const trusting = createSmtpMailer(settings(smtp.port, { secure: 'tls', allowInvalidCertificate: true }));
    await trusting.send({ to: 'a@b.com.br', subject: 'TLS', text: 't', html: 't' });
    trusting.close();
    expect(smtp.messages[0]?.secure).toBe(true);

    const strict = createSmtpMailer(settings(smtp.port, { secure: 'tls' }));
    await expect(strict.verify()).rejects.toThrow(/certificate/i);
    strict.close();
    expect(smtp.messages).toHaveLength(1);
  });

  it('verifies a working connection without sending anything', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(settings(smtp.port, { user: 'u', password: 'p' }));
    await expect(mailer.verify()).resolves.toBeUndefined();
    mailer.close();
    expect(smtp.logins).toHaveLength(1);
    expect(smtp.messages).toHaveLength(0);
  });
});
