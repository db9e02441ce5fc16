import { createTransport } from 'nodemailer';

/** One e-mail, already rendered (see templates/render-email.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header, `<id@host>`. The outbox gives each e-mail one when it is queued, so a resend
   * after a crash is recognisably the same message; without it nodemailer makes a new one per send.
   */
  messageId?: string;
}

/** What the rest of the server sees: tests and the outbox worker use fakes of this, not nodemailer. */
export interface Mailer {
  /** `response`: the SMTP server's final reply (e.g. `250 2.0.0 Ok: queued`), when the transport gives one. */
  send(message: MailMessage): Promise<{ messageId: string; response?: string }>;
  /** Connects and authenticates without sending: the admin e-mail page's "test connection". */
  verify(): Promise<void>;
  close(): void;
}

export const SMTP_SECURITY_MODES = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY_MODES)[number];

export interface SmtpSettings {
  host: string;
  port: number;
  /** 'tls': TLS from the first byte (usually port 465); 'starttls': plain, then upgraded, required (587);
   *  'none': never encrypted, only for a relay on the same host or network. */
  secure: SmtpSecurity;
  /** Empty or absent: no authentication (an open relay on the local network). */
  user?: string | null;
  password?: string | null;
  /** The sender, e.g. `"DER Portal" <naoresponda@der.example.gov.br>`. */
  from: string;
  /** Accept a self-signed server certificate (internal relays). Off by default. */
  allowInvalidCertificate?: boolean;
  timeoutMs?: number;
}

// A mail server that has not answered in 20 s will not; the outbox retries later instead of hanging a worker.
const DEFAULT_TIMEOUT_MS = 20_000;

export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const timeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({
    // One connection kept open and reused for the messages that follow (up to 100 each): the outbox sends
    // its batches one message after another, and a mail server's greeting (often delayed on purpose against
    // spammers), TLS and login then come once per connection instead of once per e-mail.
    pool: true,
    maxConnections: 1,
    host: settings.host,
    port: settings.port,
    secure: settings.secure === 'tls',
    requireTLS: settings.secure === 'starttls',
    // Without this nodemailer would still upgrade opportunistically; 'none' means what it says.
    ignoreTLS: settings.secure === 'none',
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    tls: { rejectUnauthorized: !settings.allowInvalidCertificate },
    // Nodemailer would otherwise log message envelopes (addresses are personal data).
    logger: false,
    debug: false,
  });

  return {
    async send(message) {
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      return { messageId: info.messageId, response: info.response };
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
