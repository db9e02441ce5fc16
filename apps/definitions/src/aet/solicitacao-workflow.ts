import type { WorkflowDefinitionInput } from '@der/contracts';
import { STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ANALYSIS_ACTIONS, AET_ANALYSIS_STATUSES } from './analise.ts';
import { AET_ISSUANCE_ACTIONS, AET_ISSUANCE_STATUSES } from './emissao.ts';
import { AET_PAYMENT_STATUSES, AET_SEND_ACTIONS } from './pagamento.ts';

/**
 * AET request workflow (domain.md): Rascunho → Em análise ↔ Pendente de correção → Deferida or Indeferida;
 * Deferida → Emitida, which numbers the AET, draws its validation token and renders the signed PDF. Sending puts
 * the request in the analysts' queue ('Minhas pendências'); the analyst who asks for a correction becomes its
 * responsible, so the corrected request comes back to them. Each stage's statuses and actions live with its
 * fields: sending and payment (pagamento.ts), analysis (analise.ts), issuance and validity (emissao.ts).
 */
export const SOLICITACAO_AET_WORKFLOW = {
  statuses: [
    { key: 'rascunho', name: text('Rascunho', 'Draft'), color: STATUS_COLORS.draft, initial: true },
    ...AET_PAYMENT_STATUSES,
    ...AET_ANALYSIS_STATUSES,
    ...AET_ISSUANCE_STATUSES,
  ],
  actions: [...AET_SEND_ACTIONS, ...AET_ANALYSIS_ACTIONS, ...AET_ISSUANCE_ACTIONS],
} satisfies WorkflowDefinitionInput;
