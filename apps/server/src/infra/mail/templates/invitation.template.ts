import type { Language } from '@der/contracts';
import { type RenderedEmail, renderEmailLayout } from './email-layout.ts';
import { type PasswordResetEmailData, passwordResetLink } from './password-reset.template.ts';

/** An account an administrator created: the owner chooses the first password on the reset link's page. */
export type InvitationEmailData = PasswordResetEmailData & {
  /** How many days the link works (INVITATION_TOKEN_TTL_MS). */
  validDays: number;
};

export function renderInvitationEmail(language: Language, data: InvitationEmailData): RenderedEmail {
  const url = passwordResetLink(data);
  if (language === 'en') {
    return renderEmailLayout({
      language,
      subject: `Your access to ${data.platformName}`,
      greeting: `Hello, ${data.name}.`,
      paragraphs: [
        ['An administrator created your account with the login ', { strong: data.login }, '.'],
        `To choose your password, open the link below. It is valid for ${data.validDays} days and works once.`,
      ],
      action: {
        label: 'Choose my password',
        url,
        fallback: 'If the button does not work, open this address:',
      },
      footer: 'If you did not expect this account, ignore this message and tell the system administrator.',
    });
  }
  return renderEmailLayout({
    language,
    subject: `Seu acesso ao ${data.platformName}`,
    greeting: `Olá, ${data.name}.`,
    paragraphs: [
      ['Um administrador criou a sua conta com o login ', { strong: data.login }, '.'],
      `Para criar a sua senha, abra o link abaixo. Ele vale por ${data.validDays} dias e pode ser usado uma vez.`,
    ],
    action: {
      label: 'Criar a minha senha',
      url,
      fallback: 'Se o botão não funcionar, abra este endereço:',
    },
    footer: 'Se você não esperava esta conta, ignore esta mensagem e avise o administrador do sistema.',
  });
}
