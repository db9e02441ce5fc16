import { type Language, PUBLIC_WEB_ROUTES } from '@der/contracts';
import { type RenderedEmail, renderEmailLayout } from './email-layout.ts';

export interface PasswordResetEmailData {
  platformName: string;
  /** Server's public address without a trailing slash (AppConfig.publicUrl). */
  publicUrl: string;
  name: string;
  login: string;
  /** The raw single-use token (only its hash is stored); the link works for 30 minutes. */
  token: string;
}

/** The page where the owner chooses the new password (users/resetPassword). */
export function passwordResetLink(data: Pick<PasswordResetEmailData, 'publicUrl' | 'token'>): string {
  return `${data.publicUrl}${PUBLIC_WEB_ROUTES.newPassword}?token=${encodeURIComponent(data.token)}`;
}

export function renderPasswordResetEmail(language: Language, data: PasswordResetEmailData): RenderedEmail {
  const url = passwordResetLink(data);
  if (language === 'en') {
    return renderEmailLayout({
      language,
      subject: `Choose a new password – ${data.platformName}`,
      greeting: `Hello, ${data.name}.`,
      paragraphs: [
        ['A new password was requested for the login ', { strong: data.login }, '.'],
        'To choose it, open the link below. It is valid for 30 minutes and works once; until you use it, your current password keeps working.',
      ],
      action: {
        label: 'Choose a new password',
        url,
        fallback: 'If the button does not work, open this address:',
      },
      footer:
        'If you did not ask for a new password, ignore this message: nothing changes. If it happens again, tell the system administrator.',
    });
  }
  return renderEmailLayout({
    language,
    subject: `Crie uma nova senha – ${data.platformName}`,
    greeting: `Olá, ${data.name}.`,
    paragraphs: [
      ['Foi solicitada uma nova senha para o login ', { strong: data.login }, '.'],
      'Para criá-la, abra o link abaixo. Ele vale por 30 minutos e pode ser usado uma vez; até lá, a sua senha atual continua valendo.',
    ],
    action: {
      label: 'Criar uma nova senha',
      url,
      fallback: 'Se o botão não funcionar, abra este endereço:',
    },
    footer:
      'Se você não pediu uma nova senha, ignore esta mensagem: nada muda. Se isso se repetir, avise o administrador do sistema.',
  });
}
