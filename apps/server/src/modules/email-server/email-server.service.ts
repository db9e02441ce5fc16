import type { EmailServerSaveBodySchema, EmailServerSettings, Language } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SecretBox } from '../../infra/crypto/secret-box.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { createSmtpMailer, type Mailer, type SmtpSettings } from '../../infra/mail/mailer.ts';
import { renderEmail } from '../../infra/mail/templates/render-email.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type EmailServerSettingsRow, emailServerSettings } from './email-server.table.ts';

type SaveBody = z.output<typeof EmailServerSaveBodySchema>;

export interface AdminActor {
  userId: number;
  ip: string;
}

const SETTINGS_ID = 1;
/** Authenticated context of the sealed password: the envelope opens only in this column. */
const PASSWORD_CONTEXT = 'smtp:password';
/** The test is synchronous: an administrator waits for it, so it gives up sooner than the outbox. */
const TEST_TIMEOUT_MS = 15_000;
const DEFAULT_SENDER = 'DER <nao-responda@der.local>';

const FAILURE_TEXT: Record<Language, string> = {
  'pt-BR': 'Falha ao enviar o e-mail de teste',
  en: 'The test e-mail could not be sent',
};

const REASONS: Record<string, Record<Language, string>> = {
  EDNS: { 'pt-BR': 'servidor não encontrado', en: 'server not found' },
  ECONNECTION: { 'pt-BR': 'não foi possível conectar ao servidor', en: 'could not connect to the server' },
  ECONNREFUSED: { 'pt-BR': 'conexão recusada pelo servidor', en: 'connection refused by the server' },
  ETIMEDOUT: { 'pt-BR': 'o servidor não respondeu a tempo', en: 'the server did not answer in time' },
  EAUTH: {
    'pt-BR': 'usuário ou senha recusados pelo servidor',
    en: 'user or password refused by the server',
  },
  ETLS: { 'pt-BR': 'falha na negociação TLS', en: 'TLS negotiation failed' },
  EENVELOPE: { 'pt-BR': 'remetente ou destinatário recusado', en: 'sender or recipient refused' },
  EMESSAGE: { 'pt-BR': 'mensagem recusada pelo servidor', en: 'message refused by the server' },
  ESOCKET: { 'pt-BR': 'erro de conexão com o servidor', en: 'connection error with the server' },
};

/** "Falha ao enviar o e-mail de teste: conexão recusada pelo servidor (connect ECONNREFUSED 127.0.0.1:1)". */
export function describeSmtpFailure(error: unknown, language: Language): string {
  const failure = error as { code?: unknown; response?: unknown; message?: unknown; cause?: unknown };
  const causeCode = (failure.cause as { code?: unknown } | undefined)?.code;
  const code =
    typeof failure.code === 'string' ? failure.code : typeof causeCode === 'string' ? causeCode : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const reason =
    REASONS[code]?.[language] ??
    (/ENOTFOUND|EAI_AGAIN/.test(message) ? REASONS.EDNS?.[language] : undefined) ??
    (/ECONNREFUSED/.test(message) ? REASONS.ECONNREFUSED?.[language] : undefined);
  const reply = typeof failure.response === 'string' && failure.response ? failure.response : message;
  return `${FAILURE_TEXT[language]}: ${reason ? `${reason} (${reply})` : reply}`.slice(0, 1000);
}

export function createEmailServerService(deps: {
  db: Db;
  secretBox: SecretBox;
  audit: AuditService;
  /** config.smtp: the SMTP_* environment, used while nothing is saved here. */
  environment: SmtpSettings | null;
  now: () => Date;
  platformName: () => Promise<string>;
  /** Tests shorten it. */
  testTimeoutMs?: number;
}) {
  const { db } = deps;
  let cached: { key: string; mailer: Mailer } | null = null;

  async function readRow(): Promise<EmailServerSettingsRow | undefined> {
    const [row] = await db.select().from(emailServerSettings).where(eq(emailServerSettings.id, SETTINGS_ID));
    return row;
  }

  function toSmtp(row: EmailServerSettingsRow): SmtpSettings {
    return {
      host: row.host,
      port: row.port,
      secure: row.security,
      user: row.user || null,
      password: row.passwordSealed ? deps.secretBox.open(row.passwordSealed, PASSWORD_CONTEXT) : null,
      from: row.sender,
    };
  }

  function view(row: EmailServerSettingsRow | undefined): EmailServerSettings {
    if (row) {
      return {
        host: row.host,
        port: row.port,
        security: row.security,
        user: row.user,
        hasPassword: row.passwordSealed !== null,
        sender: row.sender,
        source: 'database',
      };
    }
    const env = deps.environment;
    if (env) {
      return {
        host: env.host,
        port: env.port,
        security: env.secure,
        user: env.user ?? '',
        hasPassword: Boolean(env.password),
        sender: env.from,
        source: 'environment',
      };
    }
    return {
      host: '',
      port: 587,
      security: 'starttls',
      user: '',
      hasPassword: false,
      sender: DEFAULT_SENDER,
      source: 'none',
    };
  }

  /** The settings in force: saved here, else the environment's, else none. */
  async function settingsInForce(): Promise<SmtpSettings | null> {
    const row = await readRow();
    return row ? toSmtp(row) : deps.environment;
  }

  return {
    settingsInForce,

    async get(): Promise<EmailServerSettings> {
      return view(await readRow());
    },

    async save(body: SaveBody, actor: AdminActor): Promise<EmailServerSettings> {
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(emailServerSettings)
          .where(eq(emailServerSettings.id, SETTINGS_ID))
          .for('update');
        const passwordSealed = body.clearPassword
          ? null
          : body.password
            ? deps.secretBox.seal(body.password, PASSWORD_CONTEXT)
            : (existing?.passwordSealed ?? null);
        const values = {
          host: body.host,
          port: body.port,
          security: body.security,
          user: body.user,
          passwordSealed,
          sender: body.sender,
          updatedAt: deps.now(),
          updatedBy: actor.userId,
        };
        const [saved] = await tx
          .insert(emailServerSettings)
          .values({ id: SETTINGS_ID, ...values })
          .onConflictDoUpdate({ target: emailServerSettings.id, set: values })
          .returning();
        if (!saved) throw new Error('e-mail server settings write returned no row');
        // Never the password, not even sealed.
        await deps.audit.append(tx, {
          action: 'admin.emailServer.saved',
          actorUserId: actor.userId,
          ip: actor.ip,
          target: 'emailServer',
          details: {
            host: body.host,
            port: body.port,
            security: body.security,
            user: body.user,
            sender: body.sender,
            passwordChanged: body.clearPassword || body.password !== '',
          },
        });
        return saved;
      });
      return view(row);
    },

    /** Sends the 'test' template now, with the settings in force; the server's reply or the failure, translated. */
    async sendTest(
      to: string,
      actor: AdminActor,
      language: Language,
    ): Promise<{ ok: boolean; response: string }> {
      const settings = await settingsInForce();
      if (!settings) throw new AppError('EMAIL_SERVER_NOT_CONFIGURED');
      const mailer = createSmtpMailer({ ...settings, timeoutMs: deps.testTimeoutMs ?? TEST_TIMEOUT_MS });
      const message = renderEmail('test', language, {
        platformName: await deps.platformName(),
        sentAt: deps.now().toISOString(),
      });
      let result: { ok: boolean; response: string };
      try {
        const info = await mailer.send({ to, ...message });
        result = { ok: true, response: info.response ?? info.messageId };
      } catch (error) {
        result = { ok: false, response: describeSmtpFailure(error, language) };
      } finally {
        mailer.close();
      }
      await deps.audit.append(db, {
        action: 'admin.emailServer.testSent',
        actorUserId: actor.userId,
        ip: actor.ip,
        target: 'emailServer',
        details: { ok: result.ok, host: settings.host, port: settings.port },
      });
      return result;
    },

    /**
     * The mailer of the outbox worker when settings are saved here (they win over the environment's), else
     * null (the worker then uses its own, built from SMTP_*). Rebuilt when the saved settings change.
     */
    async outboxMailer(): Promise<Mailer | null> {
      const row = await readRow();
      if (!row) {
        cached?.mailer.close();
        cached = null;
        return null;
      }
      const key = `${row.updatedAt.toISOString()}|${row.host}|${row.port}|${row.security}|${row.user}|${row.passwordSealed ?? ''}|${row.sender}`;
      if (cached?.key !== key) {
        cached?.mailer.close();
        cached = { key, mailer: createSmtpMailer(toSmtp(row)) };
      }
      return cached.mailer;
    },

    close(): void {
      cached?.mailer.close();
      cached = null;
    },
  };
}
export type EmailServerService = ReturnType<typeof createEmailServerService>;
