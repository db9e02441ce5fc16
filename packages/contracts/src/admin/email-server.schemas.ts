import { z } from 'zod';
import { EmailSchema, optionalText, requiredText } from '../common/fields.ts';

export const EMAIL_SERVER_SECURITY_MODES = ['none', 'starttls', 'tls'] as const;
export type EmailServerSecurity = (typeof EMAIL_SERVER_SECURITY_MODES)[number];

/**
 * The SMTP server as the administration area sees it (`/administration/emailServer`). The password is never
 * sent back: `hasPassword` tells whether one is stored. `source` says where the settings in force come
 * from: saved here (`database`), the server's SMTP_* environment (`environment`), or nowhere (`none`: e-mails
 * wait in the outbox).
 */
export const EmailServerSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(EMAIL_SERVER_SECURITY_MODES),
  user: z.string(),
  hasPassword: z.boolean(),
  /** The From of every e-mail, e.g. `DER <nao-responda@der.sp.gov.br>`. */
  sender: z.string(),
  source: z.enum(['database', 'environment', 'none']),
});
export type EmailServerSettings = z.infer<typeof EmailServerSettingsSchema>;

/** Saves the settings; an empty `password` keeps the stored one, `clearPassword` removes it. */
export const EmailServerSaveBodySchema = z.object({
  host: requiredText(253).refine((value) => /^[A-Za-z0-9.:[\]-]+$/.test(value), { error: 'invalidValue' }),
  port: z
    .number({ error: 'required' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'valueInRange' })
    .max(65_535, { error: 'valueInRange' }),
  security: z.enum(EMAIL_SERVER_SECURITY_MODES, { error: 'required' }),
  user: optionalText(254),
  password: z.string().max(512, { error: 'tooLong' }).default(''),
  clearPassword: z.boolean().default(false),
  sender: requiredText(320),
});
export type EmailServerSaveBody = z.input<typeof EmailServerSaveBodySchema>;

export const EmailServerSendTestBodySchema = z.object({ to: EmailSchema });

/**
 * Outcome of the test message. `ok`: the server accepted it and `response` is its reply (e.g.
 * `250 2.0.0 Ok: queued as 1234`). Not ok: `response` is the translated failure followed by the server's
 * reply or the network error (e.g. `Falha ao enviar o e-mail de teste: 535 5.7.8 Authentication failed`).
 */
export const EmailServerSendTestResultSchema = z.object({ ok: z.boolean(), response: z.string() });
