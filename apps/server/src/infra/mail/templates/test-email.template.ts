import type { Language } from '@der/contracts';
import { type RenderedEmail, renderEmailLayout } from './email-layout.ts';

export interface TestEmailData {
  platformName: string;
  /** ISO instant: template data is stored as JSON in the outbox until sent. */
  sentAt: string;
}

/** Sent from the admin e-mail server page to prove the settings work end to end. */
export function renderTestEmail(language: Language, data: TestEmailData): RenderedEmail {
  // Users and admins are in Brazil: the time is shown in Brasília time whatever the server's zone.
  const sentAt = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(data.sentAt));
  if (language === 'en') {
    return renderEmailLayout({
      language,
      subject: `Test e-mail – ${data.platformName}`,
      greeting: 'Hello.',
      paragraphs: [
        ['This is a test message sent by ', { strong: data.platformName }, ` on ${sentAt} (Brasília time).`],
        'If you received it, the e-mail server settings are correct.',
      ],
      footer: 'Message sent from the administration area.',
    });
  }
  return renderEmailLayout({
    language,
    subject: `E-mail de teste – ${data.platformName}`,
    greeting: 'Olá.',
    paragraphs: [
      [
        'Esta é uma mensagem de teste enviada pelo ',
        { strong: data.platformName },
        ` em ${sentAt} (horário de Brasília).`,
      ],
      'Se você a recebeu, as configurações do servidor de e-mail estão corretas.',
    ],
    footer: 'Mensagem enviada pela área de administração.',
  });
}
