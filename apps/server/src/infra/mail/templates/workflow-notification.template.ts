import type { Language } from '@der/contracts';
import { type RenderedEmail, renderEmailLayout } from './email-layout.ts';

/** A workflow notify effect's e-mail: its subject and text, already filled with the item's values. */
export interface WorkflowNotificationEmailData {
  name: string;
  subject: string;
  message: string;
}

export function renderWorkflowNotificationEmail(
  language: Language,
  data: WorkflowNotificationEmailData,
): RenderedEmail {
  return renderEmailLayout({
    language,
    subject: data.subject,
    greeting: language === 'en' ? `Hello, ${data.name}.` : `Olá, ${data.name}.`,
    paragraphs: [data.message],
    footer:
      language === 'en'
        ? 'Message sent automatically by a process you take part in.'
        : 'Mensagem enviada automaticamente por um processo de que você participa.',
  });
}
