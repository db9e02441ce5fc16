import type { AvailableAction, GetActionsResult, WorkflowStatusView } from '@der/contracts';

export const EM_ANALISE: WorkflowStatusView = {
  key: 'emAnalise',
  name: 'Em análise',
  color: '#1565C0',
  initial: false,
  final: false,
};
export const PENDENTE: WorkflowStatusView = {
  key: 'pendenteCorrecao',
  name: 'Pendente de correção',
  color: '#F9A825',
  initial: false,
  final: false,
};
export const DEFERIDA: WorkflowStatusView = {
  key: 'deferida',
  name: 'Deferida',
  color: '#2E7D32',
  initial: false,
  final: false,
};

export function buildAction(overrides: Partial<AvailableAction> = {}): AvailableAction {
  return {
    key: 'deferir',
    name: 'Deferir',
    to: DEFERIDA,
    reasonRequired: false,
    responsibleRequired: false,
    confirmation: null,
    approvals: null,
    ...overrides,
  };
}

/** getActions' answer for item 5 (component 1) in 'Em análise', waiting on Bruno. */
export function buildActions(overrides: Partial<GetActionsResult> = {}): GetActionsResult {
  return {
    itemId: 5,
    version: 3,
    status: EM_ANALISE,
    responsible: { id: 2, name: 'Bruno Analista' },
    responsibleGroup: null,
    actions: [
      buildAction(),
      buildAction({
        key: 'solicitarCorrecao',
        name: 'Solicitar correção',
        to: PENDENTE,
        reasonRequired: true,
      }),
    ],
    ...overrides,
  };
}

/** executeTaskAction's answer: item 5 saved at `version`, now in `status`. */
export function buildActionResult(version: number, status: WorkflowStatusView | null = DEFERIDA) {
  return {
    saved: {
      id: 5,
      formattedId: 'AET-2026-000005',
      version,
      modifiedAt: '2026-03-02T12:00:00.000Z',
    },
    status,
    responsibleId: null,
    pendingApprovals: null,
  };
}
