import { TPEU_CONFIRM_RENEWAL_PAYMENT_ACTION, TPEU_RENEWAL_AWAITING_PAYMENT_STATUS } from '@der/definitions';

/**
 * The fees paid through the payment provider, by component name: the status in which the item waits for the
 * payment, the field holding the fee fixed by the workflow, and the action a confirmed payment runs (through the
 * one write path, as the payments account). A process may charge more than once (a TPEU's first fee, then each
 * renewal's): one entry per awaiting status, the first being the component's first fee.
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
  {
    // apps/definitions faixa-de-dominio/tpeu-renovacao.ts: the table's price of the day × the months renewed.
    componentName: 'SolicitacaoTPEU',
    awaitingStatus: TPEU_RENEWAL_AWAITING_PAYMENT_STATUS,
    amountField: 'valorRenovacao',
    confirmAction: TPEU_CONFIRM_RENEWAL_PAYMENT_ACTION,
    description: 'Renovação do TPEU {id}',
  },
];

/** Whether items of the component ever pay through the provider. */
export function isPayableComponent(componentName: string): boolean {
  return PAYABLE_PROCESSES.some((process) => process.componentName === componentName);
}

/**
 * The fee an item of the component owes in `status` (the process awaiting payment there), else the component's
 * first fee — what its form shows while no payment is awaited. A charge stored before fees had stages (stage null)
 * is the first fee's.
 */
export function payableProcessOf(componentName: string, status: string | null): PayableProcess | undefined {
  const processes = PAYABLE_PROCESSES.filter((process) => process.componentName === componentName);
  return processes.find((process) => process.awaitingStatus === status) ?? processes[0];
}

/** Whether a stored charge (its stage) is for this fee. */
export function chargeIsFor(process: PayableProcess, stage: string | null): boolean {
  return stage === null
    ? payableProcessOf(process.componentName, null) === process
    : stage === process.awaitingStatus;
}
