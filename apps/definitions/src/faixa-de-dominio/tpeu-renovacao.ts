import type {
  FieldDefinitionInput,
  FormComponentInput,
  WorkflowDefinitionInput,
  WorkflowEffectInput,
} from '@der/contracts';
import { control, field, GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { tellPermissionario, toAnalystsQueue } from './notificacoes.ts';
import { TPEU_PRINT_LAYOUT } from './termo-layout.ts';
import { TPEU_ANNUAL_PRICE_EXPRESSION } from './tpeu-remuneracao.ts';

/**
 * The renewal of a TPEU in force (domain.md): before its term ends the permissionário asks for more months; the
 * price is the table's of the day × the months (nothing when the permit is exempt), charged through the same
 * provider as the first fee (or confirmed by an analyst); renewing moves the end of the term and reissues the TPEU
 * — a new version of the same document, signed by the department, its QR code unchanged. The permit stays in force
 * while the department decides (the daily job does not expire a renewal asked in time); a refusal says why and
 * leaves the term as it was.
 */
export const TPEU_RENEWAL_REQUESTED_STATUS = 'renovacaoSolicitada';
export const TPEU_RENEWAL_AWAITING_PAYMENT_STATUS = 'renovacaoAguardandoPagamento';
export const TPEU_RENEWAL_PAID_STATUS = 'renovacaoPaga';
export const TPEU_CONFIRM_RENEWAL_PAYMENT_ACTION = 'confirmarPagamentoRenovacao';
/** The statuses of a renewal in progress: the permit is in force in each. */
export const TPEU_RENEWAL_STATUSES_KEYS = [
  TPEU_RENEWAL_REQUESTED_STATUS,
  TPEU_RENEWAL_AWAITING_PAYMENT_STATUS,
  TPEU_RENEWAL_PAID_STATUS,
];
/** The longest renewal, in months: ten years, one for advertising (as the first term). */
export const MAX_RENEWAL_MONTHS = 120;
export const MAX_ADVERTISING_RENEWAL_MONTHS = 12;

const ANALYSTS = [GROUPS.analistas, GROUPS.administradores];

export const TPEU_RENEWAL_FIELDS = [
  field('prazoRenovacaoMeses', 'INTEGER', text('Renovar por (meses)', 'Renew for (months)'), {
    minimum: 1,
    maximum: MAX_RENEWAL_MONTHS,
  }),
  field('valorRenovacao', 'CURRENCY', text('Valor da renovação (R$)', 'Renewal fee (R$)'), {
    minimum: 0,
    departmentOnly: true,
  }),
  field('dataPagamentoRenovacao', 'DATE_TIME', text('Pagamento da renovação em', 'Renewal fee paid on'), {
    departmentOnly: true,
  }),
  field('dataRenovacao', 'DATE_TIME', text('Renovado em', 'Renewed on'), { departmentOnly: true }),
] satisfies FieldDefinitionInput[];

/** The permissionário asks for the months; the fee and the dates are the department's (and the process's). */
export const TPEU_RENEWAL_WRITES = { permissionario: ['prazoRenovacaoMeses'] };

export const TPEU_RENEWAL_CONTROLS: FormComponentInput[] = [
  control('numericPicker', 'prazoRenovacaoMeses', 4),
  { ...control('numericPicker', 'valorRenovacao', 4), readOnly: true } as FormComponentInput,
  { ...control('dateChooser', 'dataPagamentoRenovacao', 4), readOnly: true } as FormComponentInput,
  { ...control('dateChooser', 'dataRenovacao', 4), readOnly: true } as FormComponentInput,
];

/** The renewal's price: the table's annual price of the day × the months asked, nothing for an exempt permit. */
export const TPEU_RENEWAL_FEE_EXPRESSION = `(
  $preco := ${TPEU_ANNUAL_PRICE_EXPRESSION};
  $$.isentoRemuneracao = true ? 0 : $exists($preco) ? $round($preco * $$.prazoRenovacaoMeses / 12, 2) : null
)`;

const RENEWAL_PAID_OR_FREE =
  'isentoRemuneracao = true or valorRenovacao = 0 or $exists(dataPagamentoRenovacao)';

export const TPEU_RENEWAL_STATUS_DEFINITIONS = [
  {
    key: TPEU_RENEWAL_REQUESTED_STATUS,
    name: text('Renovação solicitada', 'Renewal requested'),
    color: STATUS_COLORS.analysis,
    sla: { amount: 15, unit: 'workingDays' },
  },
  {
    key: TPEU_RENEWAL_AWAITING_PAYMENT_STATUS,
    name: text('Renovação aguardando pagamento', 'Renewal awaiting payment'),
    color: STATUS_COLORS.pending,
  },
  {
    key: TPEU_RENEWAL_PAID_STATUS,
    name: text('Renovação paga', 'Renewal paid'),
    color: STATUS_COLORS.neutral,
  },
] satisfies WorkflowDefinitionInput['statuses'];

const REISSUE: WorkflowEffectInput[] = [
  { kind: 'setField', field: 'fimVigencia', expression: '$addMonths(fimVigencia, prazoRenovacaoMeses)' },
  { kind: 'setField', field: 'dataRenovacao', expression: '$now()' },
  { kind: 'generateDocument', printLayoutId: TPEU_PRINT_LAYOUT.id, attach: true, sign: true },
  tellPermissionario(
    ['O TPEU {{numeroTpeu}} foi renovado', 'The TPEU {{numeroTpeu}} was renewed'],
    [
      'O TPEU {{numeroTpeu}} foi renovado até {{fimVigencia}}. O termo reemitido e assinado está anexado à solicitação.',
      'The TPEU {{numeroTpeu}} was renewed until {{fimVigencia}}. The reissued, signed permit is attached to the request.',
    ],
  ),
];

/**
 * 'vigente' is where the permit returns after a renewal (granted or refused). The analyst charges the fee when it
 * is owed ('Cobrar a renovação', the provider's payment or an analyst confirms it) and renews once it is paid or
 * nothing is owed — the same two steps as the first fee (tpeu-remuneracao.ts).
 */
export const TPEU_RENEWAL_ACTIONS = (
  inForceStatus: string,
): NonNullable<WorkflowDefinitionInput['actions']> => [
  {
    key: 'solicitarRenovacao',
    name: text('Solicitar renovação', 'Ask for a renewal'),
    from: [inForceStatus],
    to: TPEU_RENEWAL_REQUESTED_STATUS,
    allowedRoles: ['creator'],
    confirmation: text(
      'A renovação será analisada pelo DER; a permissão segue vigente enquanto isso. Solicitar?',
      'The DER will review the renewal; the permit stays in force meanwhile. Ask for it?',
    ),
    validation: {
      expression: `$exists(prazoRenovacaoMeses) and prazoRenovacaoMeses >= 1 and prazoRenovacaoMeses <= (finalidade = 'publicidade' ? ${MAX_ADVERTISING_RENEWAL_MONTHS} : ${MAX_RENEWAL_MONTHS}) and $exists(fimVigencia) and fimVigencia > $now()`,
      message: text(
        `Informe em 'Renovar por (meses)' de 1 a ${MAX_RENEWAL_MONTHS} meses (${MAX_ADVERTISING_RENEWAL_MONTHS} para publicidade). A renovação é pedida antes do fim da vigência.`,
        `Fill in 'Renew for (months)' with 1 to ${MAX_RENEWAL_MONTHS} months (${MAX_ADVERTISING_RENEWAL_MONTHS} for advertising). A renewal is asked before the term ends.`,
      ),
    },
    effects: [
      // The price is fixed by the server now, by the table of the day: the permissionário's estimate is not used.
      { kind: 'setField', field: 'valorRenovacao', expression: TPEU_RENEWAL_FEE_EXPRESSION },
      { kind: 'setField', field: 'dataPagamentoRenovacao', expression: 'null' },
      ...toAnalystsQueue(
        ['Renovação do TPEU {{numeroTpeu}}', 'Renewal of TPEU {{numeroTpeu}}'],
        [
          '{{ActorName}} pediu a renovação do TPEU {{numeroTpeu}} por {{prazoRenovacaoMeses}} meses.',
          '{{ActorName}} asked to renew the TPEU {{numeroTpeu}} for {{prazoRenovacaoMeses}} months.',
        ],
      ),
    ],
  },
  {
    key: 'cobrarRenovacao',
    name: text('Cobrar a renovação', 'Charge the renewal'),
    from: [TPEU_RENEWAL_REQUESTED_STATUS],
    to: TPEU_RENEWAL_AWAITING_PAYMENT_STATUS,
    allowedGroups: ANALYSTS,
    validation: {
      expression: 'isentoRemuneracao != true and valorRenovacao > 0',
      message: text(
        'Não há valor a cobrar pela renovação: a permissão é isenta ou a renovação não tem preço.',
        'There is no renewal fee to charge: the permit is exempt or the renewal has no price.',
      ),
    },
    effects: [
      tellPermissionario(
        ['Pagamento da renovação do TPEU {{numeroTpeu}}', 'Renewal fee of TPEU {{numeroTpeu}}'],
        [
          'A renovação do TPEU {{numeroTpeu}} foi aceita. Valor: R$ {{valorRenovacao}}. Pague pelo PIX ou boleto na própria solicitação.',
          'The renewal of TPEU {{numeroTpeu}} was accepted. Fee: R$ {{valorRenovacao}}. Pay by PIX or bank slip on the request.',
        ],
      ),
    ],
  },
  {
    key: TPEU_CONFIRM_RENEWAL_PAYMENT_ACTION,
    name: text('Confirmar pagamento da renovação', 'Confirm the renewal payment'),
    from: [TPEU_RENEWAL_AWAITING_PAYMENT_STATUS],
    to: TPEU_RENEWAL_PAID_STATUS,
    allowedGroups: ANALYSTS,
    reasonRequired: true,
    effects: [{ kind: 'setField', field: 'dataPagamentoRenovacao', expression: '$now()' }],
  },
  {
    key: 'renovar',
    name: text('Renovar o TPEU', 'Renew the TPEU'),
    from: [TPEU_RENEWAL_REQUESTED_STATUS, TPEU_RENEWAL_PAID_STATUS],
    to: inForceStatus,
    allowedGroups: ANALYSTS,
    confirmation: text(
      'O fim da vigência será prorrogado e o TPEU reemitido e assinado. Renovar?',
      'The end of the term will be extended and the TPEU reissued and signed. Renew?',
    ),
    validation: {
      expression: RENEWAL_PAID_OR_FREE,
      message: text(
        'Cobre a renovação e receba o pagamento antes de renovar.',
        'Charge the renewal and collect the payment before renewing.',
      ),
    },
    effects: REISSUE,
  },
  {
    key: 'negarRenovacao',
    name: text('Negar a renovação', 'Refuse the renewal'),
    from: [TPEU_RENEWAL_REQUESTED_STATUS],
    to: inForceStatus,
    allowedGroups: ANALYSTS,
    reasonRequired: true,
    effects: [
      tellPermissionario(
        ['Renovação do TPEU {{numeroTpeu}} negada', 'Renewal of TPEU {{numeroTpeu}} refused'],
        [
          'A renovação foi negada: {{Reason}}. O TPEU segue vigente até {{fimVigencia}}.',
          'The renewal was refused: {{Reason}}. The TPEU stays in force until {{fimVigencia}}.',
        ],
      ),
    ],
  },
];
