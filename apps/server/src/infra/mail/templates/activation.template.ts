import { type Language, PUBLIC_WEB_ROUTES } from '@der/contracts';
import { type RenderedEmail, renderEmailLayout } from './email-layout.ts';

export interface ActivationEmailData {
  platformName: string;
  /** Server's public address without a trailing slash (AppConfig.publicUrl). */
  publicUrl: string;
  name: string;
  /** The raw activation token (only its hash is stored). */
  token: string;
  /** Permit holders activate at /activate, AET applicants at /activateRequerente (spec §2.4, §7.1). */
  accountType: 'permissionario' | 'requerente';
}

export function activationLink(
  data: Pick<ActivationEmailData, 'publicUrl' | 'token' | 'accountType'>,
): string {
  const path =
    data.accountType === 'permissionario' ? PUBLIC_WEB_ROUTES.activate : PUBLIC_WEB_ROUTES.activateRequerente;
  return `${data.publicUrl}${path}?token=${encodeURIComponent(data.token)}`;
}

export function renderActivationEmail(language: Language, data: ActivationEmailData): RenderedEmail {
  const url = activationLink(data);
  if (language === 'en') {
    const account = data.accountType === 'permissionario' ? 'right-of-way permit holder' : 'AET applicant';
    return renderEmailLayout({
      language,
      subject: `Activate your account – ${data.platformName}`,
      greeting: `Hello, ${data.name}.`,
      paragraphs: [
        [`We received the registration of your ${account} account at `, { strong: data.platformName }, '.'],
        'To start using it, activate the account with the button below.',
      ],
      action: {
        label: 'Activate the account',
        url,
        fallback: 'If the button does not work, open this address:',
      },
      footer: 'If you did not register, ignore this message: without activation the account cannot be used.',
    });
  }
  const account =
    data.accountType === 'permissionario' ? 'permissionário (faixa de domínio)' : 'requerente de AET';
  return renderEmailLayout({
    language,
    subject: `Ative sua conta – ${data.platformName}`,
    greeting: `Olá, ${data.name}.`,
    paragraphs: [
      [`Recebemos o cadastro da sua conta de ${account} no `, { strong: data.platformName }, '.'],
      'Para começar a usá-la, ative a conta pelo botão abaixo.',
    ],
    action: { label: 'Ativar a conta', url, fallback: 'Se o botão não funcionar, abra este endereço:' },
    footer:
      'Se você não fez este cadastro, ignore esta mensagem: sem a ativação, a conta não pode ser usada.',
  });
}
