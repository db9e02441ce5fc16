import type { Language, LocalizedText, WorkflowRefusalCode } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';

/** The texts of the workflow's refusals, in both languages of the product. */
export const WORKFLOW_REFUSALS = {
  unknown: { 'pt-BR': 'Ação de fluxo desconhecida', en: 'Unknown workflow action' },
  noWorkflow: {
    'pt-BR': 'Este tipo de item não tem fluxo de trabalho',
    en: 'This item type has no workflow',
  },
  notAvailable: {
    'pt-BR': 'Esta ação não se aplica ao status atual do item',
    en: 'This action does not apply to the item’s current status',
  },
  notAllowed: {
    'pt-BR': 'Você não tem permissão para executar esta ação',
    en: 'You are not allowed to run this action',
  },
  reasonRequired: { 'pt-BR': 'Informe o motivo desta ação', en: 'Give the reason for this action' },
  responsibleRequired: {
    'pt-BR': 'Escolha o responsável para esta ação',
    en: 'Choose the responsible person for this action',
  },
  notCandidate: {
    'pt-BR': 'Este usuário não pode ser o responsável nesta ação',
    en: 'This user cannot be made responsible by this action',
  },
  notApprover: {
    'pt-BR': 'Esta ação precisa da aprovação de membros do grupo {group}, e você não é um deles',
    en: 'This action needs the approval of members of the group {group}, and you are not one of them',
  },
  alreadyApproved: {
    'pt-BR': 'Você já aprovou esta ação; ela aguarda a aprovação de outras pessoas',
    en: 'You have already approved this action; it waits for other people’s approval',
  },
  unknownGroup: {
    'pt-BR': 'O grupo {group} indicado pelo fluxo não existe',
    en: 'The group {group} named by the workflow does not exist',
  },
  expressionFailed: {
    'pt-BR': 'A regra desta ação não pôde ser avaliada ({detail}); avise o administrador',
    en: 'The rule of this action could not be evaluated ({detail}); tell the administrator',
  },
  operationLoop: {
    'pt-BR': 'As operações encadeadas por este fluxo não terminam (ciclo)',
    en: 'The operations this workflow chains do not end (a loop)',
  },
  unknownOperation: {
    'pt-BR': 'A operação indicada por esta ação não existe',
    en: 'The operation this action names does not exist',
  },
  delegateSelf: { 'pt-BR': 'Escolha outra pessoa para delegar', en: 'Choose someone else to delegate to' },
  delegateUnknown: {
    'pt-BR': 'Este usuário não existe ou está desativado',
    en: 'This user does not exist or is disabled',
  },
  delegateRange: {
    'pt-BR': 'A data final deve ser igual ou posterior à inicial',
    en: 'The end date must be on or after the start date',
  },
  delegatePast: {
    'pt-BR': 'A data final não pode estar no passado',
    en: 'The end date cannot be in the past',
  },
  signatureMissing: {
    'pt-BR':
      'Assine o documento {document} com o seu certificado digital (A1) antes desta ação: abra o anexo e escolha Assinar',
    en: 'Sign the document {document} with your digital certificate (A1) before this action: open the attachment and choose Sign',
  },
  delegateOverlap: {
    'pt-BR': 'Você já delegou a esta pessoa em datas que se sobrepõem',
    en: 'You have already delegated to this person on overlapping dates',
  },
} satisfies Record<Exclude<WorkflowRefusalCode, 'condition'>, LocalizedText>;
export type WorkflowRefusal = keyof typeof WORKFLOW_REFUSALS;

/** The text of a refusal in a language, with its `{name}` placeholders filled. */
export function refusalText(
  text: LocalizedText,
  language: Language,
  params: Record<string, string> = {},
): string {
  let message = text[language];
  for (const [key, value] of Object.entries(params)) message = message.replaceAll(`{${key}}`, value);
  return message;
}

/**
 * A workflow refusal as data: the field it names ('action', 'reason', 'responsibleId', 'toUserId' …), its code
 * (a WORKFLOW_REFUSALS key, or 'condition' for an action's own validation rule) and its text.
 */
export interface WorkflowRefusalData {
  field: string;
  code: WorkflowRefusal | 'condition';
  text: LocalizedText;
  params?: Record<string, string>;
}

export function refusalOf(
  field: string,
  code: WorkflowRefusal,
  params?: Record<string, string>,
): WorkflowRefusalData {
  return { field, code, text: WORKFLOW_REFUSALS[code], ...(params ? { params } : {}) };
}

/**
 * 400 VALIDATION_FAILED naming the refusal's field, with its code and its text in the actor's language (the
 * write path's refusals-as-data read the code: writeRefusalsOf).
 */
export function refusalError(refusal: WorkflowRefusalData, language: Language): AppError {
  return new AppError('VALIDATION_FAILED', [
    {
      field: refusal.field,
      code: refusal.code,
      message: refusalText(refusal.text, language, refusal.params),
    },
  ]);
}

/** refusalError of a WORKFLOW_REFUSALS entry. */
export function workflowRefusal(
  field: string,
  code: WorkflowRefusal,
  language: Language,
  params?: Record<string, string>,
): AppError {
  return refusalError(refusalOf(field, code, params), language);
}
