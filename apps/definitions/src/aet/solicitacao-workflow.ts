import type { WorkflowDefinitionInput } from '@der/contracts';
import { STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ANALYSIS_ACTIONS, AET_ANALYSIS_STATUSES, AET_ENVELOPE_ACTIONS } from './analise.ts';
import { AET_ISSUANCE_ACTIONS, AET_ISSUANCE_STATUSES } from './emissao.ts';
import { AET_PAYMENT_STATUSES, AET_SEND_ACTIONS } from './pagamento.ts';

/**
 * AET request workflow (domain.md): Rascunho → (enviar: fee fixed) Aguardando pagamento → Paga, checked against
 * the envelope: inside it, approved and issued at once; outside, Em análise ↔ Pendente de correção → Deferida or
 * Indeferida; Deferida → Emitida (numbered, validation token, signed PDF) → Suspensa / Cancelada / Expirada. The
 * analyst who asks for a correction becomes its responsible, so the corrected request comes back to them. Each stage's statuses and actions live with its
 * fields: sending and payment (pagamento.ts), analysis (analise.ts), issuance and validity (emissao.ts).
 */
export const SOLICITACAO_AET_WORKFLOW = {
  statuses: [
    { key: 'rascunho', name: text('Rascunho', 'Draft'), color: STATUS_COLORS.draft, initial: true },
    ...AET_PAYMENT_STATUSES,
    ...AET_ANALYSIS_STATUSES,
    ...AET_ISSUANCE_STATUSES,
  ],
  actions: [...AET_SEND_ACTIONS, ...AET_ENVELOPE_ACTIONS, ...AET_ANALYSIS_ACTIONS, ...AET_ISSUANCE_ACTIONS],
} satisfies WorkflowDefinitionInput;
