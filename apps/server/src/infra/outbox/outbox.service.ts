import { randomUUID } from 'node:crypto';
import type { Language } from '@der/contracts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from '../db/database.ts';
import type { EmailTemplateData, EmailTemplateName } from '../mail/templates/render-email.ts';
import { outbox } from './outbox.table.ts';

export interface QueuedEmail<N extends EmailTemplateName = EmailTemplateName> {
  to: string;
  template: N;
  language: Language;
  data: EmailTemplateData[N];
}

/** What an e-mail row of the outbox holds: the template data, sealed when it carries a secret. */
export interface EmailPayload {
  to: string;
  template: EmailTemplateName;
  language: Language;
  /** JSON of the template data, sealed with the secret box when `sealed`. */
  data: string;
  sealed: boolean;
}

const SEALED_CONTEXT = 'outbox:email';

export function createOutboxService(deps: { secretBox: SecretBox; publicUrl: string }) {
  // The right-hand side of a Message-ID names the host that made it (RFC 5322 3.6.4): the portal's.
  const messageIdHost = new URL(deps.publicUrl).hostname;
  const newMessageId = () => `<${randomUUID()}@${messageIdHost}>`;

  return {
    /** A fresh Message-ID, `<uuid@host of PUBLIC_URL>`: one per e-mail, for its whole life. */
    newMessageId,

    /**
     * Queues an e-mail in the caller's transaction: it is sent only if the change commits. Data carrying a
     * secret (a new password) is sealed, so the outbox table never holds it in clear.
     */
    async enqueueEmail<N extends EmailTemplateName>(
      db: Db,
      email: QueuedEmail<N>,
      options: { sensitive?: boolean } = {},
    ): Promise<void> {
      const json = JSON.stringify(email.data);
      const payload: EmailPayload = {
        to: email.to,
        template: email.template,
        language: email.language,
        data: options.sensitive ? deps.secretBox.seal(json, SEALED_CONTEXT) : json,
        sealed: options.sensitive === true,
      };
      await db.insert(outbox).values({ kind: 'email', payload: { ...payload }, messageId: newMessageId() });
    },

    /** The template data of a queued e-mail, unsealed. */
    openEmailData(payload: EmailPayload): unknown {
      return JSON.parse(payload.sealed ? deps.secretBox.open(payload.data, SEALED_CONTEXT) : payload.data);
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
