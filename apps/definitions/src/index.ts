import type { ApplicationDefinitionInput } from '@der/contracts';
import { AET_DEFINITION } from './aet.ts';
import { FAIXA_DE_DOMINIO_DEFINITION } from './faixa-de-dominio.ts';
import { GESTAO_DE_PROJETOS_DEFINITION } from './gestao-de-projetos.ts';

export { AET_ENVELOPE_ACTIONS, AET_ENVELOPE_CHECK, AET_PAID_STATUS } from './aet/analise.ts';
export { AET_FEE_EXPRESSION } from './aet/pagamento.ts';
export { AET_DEFINITION } from './aet.ts';
export { DRAWING_REVIEW_FIELD, DRAWINGS_FIELD } from './faixa-de-dominio/tpeu-desenhos.ts';
export { TPEU_OCCUPATION_DOCUMENTS, tpeuChecklist } from './faixa-de-dominio/tpeu-documentos.ts';
export { TPEU_ANNUAL_PRICE_EXPRESSION } from './faixa-de-dominio/tpeu-remuneracao.ts';
export {
  TPEU_CONFIRM_RENEWAL_PAYMENT_ACTION,
  TPEU_RENEWAL_AWAITING_PAYMENT_STATUS,
} from './faixa-de-dominio/tpeu-renovacao.ts';
export { refusalKey, triageKey } from './faixa-de-dominio/tpeu-triagem.ts';
export {
  TPEU_END_ACTION,
  TPEU_EXPIRE_ACTION,
  TPEU_EXPIRING_STATUSES,
  TPEU_NOTICE_STATUS,
  TPEU_VALID_STATUSES,
} from './faixa-de-dominio/tpeu-vigencia.ts';
export { FAIXA_DE_DOMINIO_DEFINITION } from './faixa-de-dominio.ts';
export { GESTAO_DE_PROJETOS_DEFINITION } from './gestao-de-projetos.ts';
export { INTAKE_PROJECTS } from './shared/builders.ts';

/**
 * The shipped demo applications, loaded on first start. The order is the seeded applications' (ids 1 AET,
 * 2 Faixa de Domínio, 3 Gestão de Projetos); component ids are platform-unique across them.
 */
export const DEMO_DEFINITIONS: readonly ApplicationDefinitionInput[] = [
  AET_DEFINITION,
  FAIXA_DE_DOMINIO_DEFINITION,
  GESTAO_DE_PROJETOS_DEFINITION,
];
