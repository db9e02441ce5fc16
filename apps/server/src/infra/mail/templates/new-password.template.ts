import type { Language } from '@der/contracts';
import { type RenderedEmail, renderEmailLayout } from './email-layout.ts';

export interface NewPasswordEmailData {
  platformName: string;
  publicUrl: string;
  name: string;
  login: string;
  /**
   * A temporary password, already expired: the first login asks for a new one. Only for the users an
   * administrator creates or resets (admin-users); users/resetPassword e-mails a link instead.
   */
  newPassword: string;
}

export function renderNewPasswordEmail(language: Language, data: NewPasswordEmailData): RenderedEmail {
  if (language === 'en') {
    return renderEmailLayout({
      language,
      subject: `Your new password – ${data.platformName}`,
      greeting: `Hello, ${data.name}.`,
      paragraphs: [
        ['A new password was requested for the login ', { strong: data.login }, '.'],
        ['Temporary password: ', { code: data.newPassword }],
        'It works once: right after signing in you will be asked to choose your own password.',
      ],
      action: {
        label: 'Sign in',
        url: `${data.publicUrl}/`,
        fallback: 'If the button does not work, open this address:',
      },
      footer: 'If you did not ask for a new password, tell the system administrator.',
    });
  }
  return renderEmailLayout({
    language,
    subject: `Sua nova senha – ${data.platformName}`,
    greeting: `Olá, ${data.name}.`,
    paragraphs: [
      ['Foi solicitada uma nova senha para o login ', { strong: data.login }, '.'],
      ['Senha temporária: ', { code: data.newPassword }],
      'Ela vale para um acesso: logo após entrar, você deverá escolher a sua própria senha.',
    ],
    action: {
      label: 'Entrar',
      url: `${data.publicUrl}/`,
      fallback: 'Se o botão não funcionar, abra este endereço:',
    },
    footer: 'Se você não pediu uma nova senha, avise o administrador do sistema.',
  });
}
