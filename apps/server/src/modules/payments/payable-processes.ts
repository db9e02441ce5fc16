/**
 * The processes whose fee is paid through the payment provider, by component name: the status in which the item
 * waits for the payment, the field holding the fee fixed by the workflow, and the action a confirmed payment
 * runs (through the one write path, as the payments account).
 */
export interface PayableProcess {
  componentName: string;
  awaitingStatus: string;
  amountField: string;
  confirmAction: string;
  /** The charge's description the payer sees ({id}: the item's protocol number). */
  description: string;
}

export const PAYABLE_PROCESSES: readonly PayableProcess[] = [
  {
    componentName: 'SolicitacaoAET',
    awaitingStatus: 'aguardandoPagamento',
    amountField: 'valorTaxa',
    confirmAction: 'confirmarPagamento',
    description: 'Taxa da AET {id}',
  },
  {
    // apps/definitions faixa-de-dominio/tpeu-remuneracao.ts: the approved request's price × term.
    componentName: 'SolicitacaoTPEU',
    awaitingStatus: 'aguardandoPagamento',
    amountField: 'valorTotal',
    confirmAction: 'confirmarPagamento',
    description: 'Remuneração do TPEU {id}',
  },
];

export function payableProcessOf(componentName: string): PayableProcess | undefined {
  return PAYABLE_PROCESSES.find((process) => process.componentName === componentName);
}
