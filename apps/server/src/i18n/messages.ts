import type { ErrorCode, Language } from '@der/contracts';

type Catalogue = Record<ErrorCode, string>;

/**
 * One user-facing message per error code, in each language of the product. `{fields}` is replaced by the
 * names of the offending fields. The web app shows `Message` as is (spec §8), so these are full sentences.
 */
export const ERROR_MESSAGES: Record<Language, Catalogue> = {
  'pt-BR': {
    VALIDATION_FAILED: 'Dados inválidos nos campos: {fields}.',
    BAD_REQUEST: 'A requisição é inválida.',
    UNAUTHENTICATED: 'Sua sessão não é válida ou expirou. Entre novamente.',
    FORBIDDEN: 'Você não tem permissão para realizar esta operação.',
    NOT_FOUND: 'O registro solicitado não foi encontrado.',
    ROUTE_NOT_FOUND: 'O endereço solicitado não existe na API.',
    CONFLICT: 'O registro foi alterado por outra pessoa. Recarregue e tente novamente.',
    PAYLOAD_TOO_LARGE: 'O conteúdo enviado é maior que o permitido.',
    UNSUPPORTED_MEDIA_TYPE: 'O tipo de conteúdo enviado não é aceito.',
    RATE_LIMITED: 'Muitas tentativas em pouco tempo. Aguarde e tente novamente.',
    INTERNAL_ERROR: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    SERVICE_UNAVAILABLE: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
    SERVER_SHUTTING_DOWN: 'O servidor está reiniciando. Tente novamente em instantes.',
  },
  en: {
    VALIDATION_FAILED: 'Invalid data in the fields: {fields}.',
    BAD_REQUEST: 'The request is invalid.',
    UNAUTHENTICATED: 'Your session is not valid or has expired. Please sign in again.',
    FORBIDDEN: 'You do not have permission to perform this operation.',
    NOT_FOUND: 'The requested record was not found.',
    ROUTE_NOT_FOUND: 'The requested address does not exist in the API.',
    CONFLICT: 'The record was changed by someone else. Reload and try again.',
    PAYLOAD_TOO_LARGE: 'The content sent is larger than allowed.',
    UNSUPPORTED_MEDIA_TYPE: 'The content type sent is not accepted.',
    RATE_LIMITED: 'Too many attempts in a short time. Wait and try again.',
    INTERNAL_ERROR: 'An unexpected error occurred. Please try again later.',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
    SERVER_SHUTTING_DOWN: 'The server is restarting. Please try again shortly.',
  },
};

export function translateError(
  code: ErrorCode,
  language: Language,
  params: Record<string, string> = {},
): string {
  return ERROR_MESSAGES[language][code].replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? match);
}
