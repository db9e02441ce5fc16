import type { FieldIssue, Language } from '@der/contracts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';

/** The field refusals of a resource save, in each language of the product. */
const FIELD_MESSAGES = {
  userNotActive: {
    'pt-BR': 'Escolha um usuário ativo da equipe do DER',
    en: 'Choose an active user of the department staff',
  },
  userAlreadyResource: {
    'pt-BR': 'Este usuário já é um recurso',
    en: 'This user is already a resource',
  },
  calendarUnknown: {
    'pt-BR': 'O calendário escolhido não existe',
    en: 'The chosen calendar does not exist',
  },
  supervisorNotActive: {
    'pt-BR': 'Escolha um supervisor ativo da equipe do DER',
    en: 'Choose an active supervisor of the department staff',
  },
  supervisorIsResource: {
    'pt-BR': 'O recurso não pode ser o próprio supervisor',
    en: 'The resource cannot be its own supervisor',
  },
  projectsNotVisible: {
    'pt-BR': 'Projetos inexistentes ou que você não pode ver: {ids}',
    en: 'Projects that do not exist or that you cannot see: {ids}',
  },
  resourcesUnknown: {
    'pt-BR': 'Recursos não encontrados: {ids}. Nada foi excluído.',
    en: 'Resources not found: {ids}. Nothing was deleted.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ResourceFieldMessage = keyof typeof FIELD_MESSAGES;

/** One field issue of a refused save (`field` as the web form maps it: `body.<name>`). */
export function fieldIssue(
  field: string,
  key: ResourceFieldMessage,
  language: Language,
  params: Record<string, string> = {},
): FieldIssue {
  const message = FIELD_MESSAGES[key][language].replace(
    /\{(\w+)\}/g,
    (match, name: string) => params[name] ?? match,
  );
  return { field: `body.${field}`, message, code: key };
}

/** 400 naming the fields. */
export function invalidFields(issues: FieldIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', issues);
}

/**
 * 403 with the reason: reading without the application, creating or deleting without being an administrator,
 * a supervisor changing the kind, person or supervisor; plain (no variant) for a change by someone else.
 */
export function resourceForbidden(variant?: 'read' | 'create' | 'delete' | 'ownership'): AppError {
  return variant
    ? errorWithParams('RESOURCE_CHANGE_FORBIDDEN', { variant })
    : new AppError('RESOURCE_CHANGE_FORBIDDEN');
}
