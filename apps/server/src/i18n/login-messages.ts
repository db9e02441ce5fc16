import type { Language } from '@der/contracts';

/**
 * Texts of the login notification (LoginResult.message, spec §2.2 "Other failures show the message") and of
 * the password-reset answer. A wrong login and a wrong password share one text, so the answer never tells
 * whether an account exists.
 */
export const LOGIN_MESSAGES = {
  wrongCredentials: { 'pt-BR': 'Login ou senha inválidos.', en: 'Invalid login or password.' },
  passwordExpired: {
    'pt-BR': 'Sua senha expirou. É necessário alterá-la para continuar.',
    en: 'Your password has expired. You must change it to continue.',
  },
  notActivated: {
    'pt-BR': 'Sua conta ainda não foi ativada. Use o link enviado para o seu e-mail.',
    en: 'Your account has not been activated yet. Use the link sent to your e-mail.',
  },
  locked: {
    'pt-BR': 'Muitas tentativas sem sucesso. O acesso foi bloqueado; tente novamente em {minutes} minuto(s).',
    en: 'Too many failed attempts. Access is blocked; try again in {minutes} minute(s).',
  },
  tooSoon: {
    'pt-BR': 'Muitas tentativas sem sucesso. Aguarde {seconds} segundo(s) e tente novamente.',
    en: 'Too many failed attempts. Wait {seconds} second(s) and try again.',
  },
  captchaRequired: {
    'pt-BR': 'Confirme que você não é um robô para continuar.',
    en: 'Confirm that you are not a robot to continue.',
  },
  captchaInvalid: {
    'pt-BR': 'A verificação de robô falhou ou expirou. Tente novamente.',
    en: 'The robot check failed or expired. Try again.',
  },
  disabled: {
    'pt-BR': 'Sua conta está desativada. Procure o administrador do sistema.',
    en: 'Your account is disabled. Contact the system administrator.',
  },
  resetPasswordSent: {
    'pt-BR':
      'Se o login existir, um link para criar uma nova senha foi enviado para o e-mail cadastrado. Ele vale por 30 minutos.',
    en: 'If the login exists, a link to choose a new password was sent to the registered e-mail. It is valid for 30 minutes.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type LoginMessageKey = keyof typeof LOGIN_MESSAGES;

export function translateLoginMessage(
  key: LoginMessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return LOGIN_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
