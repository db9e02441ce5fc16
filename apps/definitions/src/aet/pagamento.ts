import type {
  BusinessRuleInput,
  FieldDefinitionInput,
  FormComponentInput,
  ReferenceTableInput,
  WorkflowDefinitionInput,
} from '@der/contracts';
import { control, field, GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ENVELOPE_CHECK } from './analise.ts';
import { AET_ANALYSTS, tellRequerente } from './notificacoes.ts';

/** The statuses of the payment (their keys are read by the payments module and the analysis' envelope check). */
export const AET_AWAITING_PAYMENT_STATUS = 'aguardandoPagamento';
export const AET_PAYMENT_PAID_STATUS = 'paga';
/** The action a payment confirmation runs: by the provider's signed webhook (process account) or an analyst. */
export const AET_CONFIRM_PAYMENT_ACTION = 'confirmarPagamento';

export const AET_FEE_TABLE_KEY = 'taxasAet';

/**
 * The fee table (domain.md "Fee"): a row applies to an authorisation type and a framing ('todos': any), within
 * its validity period (vigência, ISO dates; an empty end: still in force) and up to an axle and PBTC class (empty:
 * any). Rows are read in order: the first that applies gives the fee, so a narrower class goes before a wider one.
 * The value is the one with engineering analysis (an ART on the request) or without, plus `acrescimoPorReboque`
 * per cent for each unit towed beyond `reboquesIncluidos`.
 */
export const AET_FEE_TABLE = {
  key: AET_FEE_TABLE_KEY,
  name: text('Taxas da AET', 'AET fees'),
  description: text(
    "Tipo e enquadramento: 'todos' vale para qualquer um. A primeira linha que se aplica (tipo, enquadramento, vigência, eixos e PBTC até) dá a taxa: com análise de engenharia quando a solicitação tem ART. Acréscimo em % por unidade rebocada além das incluídas.",
    "Type and framing: 'todos' applies to any. The first row that applies (type, framing, validity, axles and GCW up to) gives the fee: with engineering analysis when the request has an ART. Surcharge in % per towed unit beyond those included.",
  ),
  columns: [
    { key: 'tipoAutorizacao', label: text('Tipo de autorização', 'Authorisation type'), type: 'string' },
    { key: 'enquadramento', label: text('Enquadramento', 'Legal framing'), type: 'string' },
    { key: 'vigenciaInicio', label: text('Vigência: início', 'In force from'), type: 'date' },
    { key: 'vigenciaFim', label: text('Vigência: fim', 'In force until'), type: 'date' },
    { key: 'eixosAte', label: text('Até quantos eixos', 'Up to axles'), type: 'number' },
    { key: 'pbtcAte', label: text('PBTC até (t)', 'GCW up to (t)'), type: 'number' },
    {
      key: 'valorComAnalise',
      label: text('Valor com análise de engenharia (R$)', 'Fee with engineering analysis (R$)'),
      type: 'number',
    },
    {
      key: 'valorSemAnalise',
      label: text('Valor sem análise de engenharia (R$)', 'Fee without engineering analysis (R$)'),
      type: 'number',
    },
    {
      key: 'reboquesIncluidos',
      label: text('Unidades rebocadas incluídas', 'Towed units included'),
      type: 'number',
    },
    {
      key: 'acrescimoPorReboque',
      label: text('Acréscimo por unidade rebocada extra (%)', 'Surcharge per extra towed unit (%)'),
      type: 'number',
    },
    { key: 'fundamento', label: text('Fundamento', 'Basis'), type: 'string' },
  ],
  rows: [
    {
      tipoAutorizacao: 'todos',
      enquadramento: 'todos',
      vigenciaInicio: '2020-01-01',
      vigenciaFim: null,
      eixosAte: null,
      pbtcAte: null,
      valorComAnalise: 66.14,
      valorSemAnalise: 64.37,
      reboquesIncluidos: 1,
      acrescimoPorReboque: 2,
      fundamento: 'Tabela DNIT 2020',
    },
  ],
} satisfies ReferenceTableInput;

/**
 * The fee of the request by the table, on the day it is evaluated (Brasília's date), or null when no row applies.
 * The same expression gives the live estimate in the browser and the fee fixed on the server at sending. The
 * towed units are the combination's units after the first (the tractor).
 */
export const AET_FEE_EXPRESSION = `(
  $hoje := $fromMillis($toMillis($now()), '[Y0001]-[M01]-[D01]', '-0300');
  $linha := $table('${AET_FEE_TABLE_KEY}')[
    (tipoAutorizacao = 'todos' or tipoAutorizacao = $$.tipoAutorizacao)
    and (enquadramento = 'todos' or enquadramento = $$.enquadramento)
    and vigenciaInicio <= $hoje
    and ($not($exists(vigenciaFim)) or vigenciaFim = null or vigenciaFim >= $hoje)
    and ($not($exists(eixosAte)) or eixosAte = null or $$.numeroEixos <= eixosAte)
    and ($not($exists(pbtcAte)) or pbtcAte = null or $$.pbtc <= pbtcAte)
  ][0];
  $rebocadas := $count($$.composicao) - 1;
  $extras := $rebocadas > $linha.reboquesIncluidos ? $rebocadas - $linha.reboquesIncluidos : 0;
  $base := ($exists($$.numeroArt) and $$.numeroArt != '') ? $linha.valorComAnalise : $linha.valorSemAnalise;
  $exists($linha) ? $round($base * (1 + $extras * $linha.acrescimoPorReboque / 100), 2) : null
)`;

/** The fee of an AET request and its payment (domain.md "Fee"). */
export const AET_PAYMENT_FIELDS = [
  // The live estimate the requerente sees before sending: computed, never typed (a value sent is replaced).
  field('taxaPrevista', 'CURRENCY', text('Taxa prevista (R$)', 'Expected fee (R$)')),
  // Fixed by the server at sending ('enviar'); afterwards only the department changes it ('alterarTaxa').
  field('valorTaxa', 'CURRENCY', text('Valor da taxa (R$)', 'Fee (R$)'), {
    minimum: 0,
    indexed: true,
    departmentOnly: true,
    // An ordinary save does not change it: 'alterarTaxa' does, with its reason in the history.
    changeActions: ['alterarTaxa'],
  }),
  field('dataPagamento', 'DATE_TIME', text('Data do pagamento', 'Payment date'), {
    indexed: true,
    departmentOnly: true,
  }),
] satisfies FieldDefinitionInput[];

export const AET_PAYMENT_RULES = [
  { id: 'taxaPrevista', kind: 'computedValue', field: 'taxaPrevista', expression: AET_FEE_EXPRESSION },
] satisfies BusinessRuleInput[];

/** The fee as the requerente sees it before sending (for the review step). */
export const AET_FEE_PREVIEW_CONTROLS: FormComponentInput[] = [
  { ...control('numericPicker', 'taxaPrevista', 4), readOnly: true } as FormComponentInput,
];

/** The payment's controls on the analysts' 'Taxa e emissão' tab. */
export const AET_PAYMENT_CONTROLS: FormComponentInput[] = [
  control('numericPicker', 'valorTaxa', 4),
  control('dateChooser', 'dataPagamento', 4),
];

/** After sending: the fee is charged, then paid; entering 'paga' runs the envelope check (analise.ts). */
export const AET_PAYMENT_STATUSES = [
  {
    key: AET_AWAITING_PAYMENT_STATUS,
    name: text('Aguardando pagamento', 'Awaiting payment'),
    color: STATUS_COLORS.pending,
  },
  {
    key: AET_PAYMENT_PAID_STATUS,
    name: text('Paga', 'Paid'),
    color: STATUS_COLORS.neutral,
    // Paid: checked at once against the envelope — issued automatically inside it, else to the analysts.
    onEnter: [AET_ENVELOPE_CHECK],
  },
] satisfies WorkflowDefinitionInput['statuses'];

/**
 * Sending fixes the fee by the table on the server (the requerente's estimate is not trusted) and waits for the
 * payment; the payment is confirmed by the provider's signed webhook (modules/payments, as the process account)
 * or by an analyst with a reason; the department may change the fee with a reason while it is unpaid.
 */
export const AET_SEND_ACTIONS = [
  {
    key: 'enviar',
    name: text('Enviar', 'Submit'),
    from: ['rascunho'],
    to: AET_AWAITING_PAYMENT_STATUS,
    allowedRoles: ['creator'],
    confirmation: text(
      'Depois de enviada, a solicitação só poderá ser alterada se o analista pedir correção. A taxa será fixada agora e cobrada. Enviar?',
      'Once submitted, the request can only be changed if the analyst asks for a correction. The fee is fixed now and charged. Submit?',
    ),
    validation: {
      expression: 'declaracaoVeracidade = true',
      message: text(
        'Declare que as informações prestadas são verdadeiras antes de enviar.',
        'Declare that the information given is true before submitting.',
      ),
    },
    effects: [
      { kind: 'setField', field: 'valorTaxa', expression: AET_FEE_EXPRESSION },
      tellRequerente(
        ['Solicitação de AET {{FormattedID}} enviada', 'AET request {{FormattedID}} submitted'],
        [
          'Sua solicitação {{FormattedID}} foi enviada. Taxa: R$ {{valorTaxa}}. Pague pelo PIX ou boleto na própria solicitação.',
          'Your request {{FormattedID}} was submitted. Fee: R$ {{valorTaxa}}. Pay by PIX or bank slip on the request.',
        ],
      ),
    ],
  },
  {
    key: 'alterarTaxa',
    name: text('Alterar a taxa', 'Change the fee'),
    from: [AET_AWAITING_PAYMENT_STATUS],
    to: AET_AWAITING_PAYMENT_STATUS,
    allowedGroups: AET_ANALYSTS,
    reasonRequired: true,
  },
  {
    key: AET_CONFIRM_PAYMENT_ACTION,
    name: text('Confirmar pagamento', 'Confirm payment'),
    from: [AET_AWAITING_PAYMENT_STATUS],
    to: AET_PAYMENT_PAID_STATUS,
    allowedGroups: AET_ANALYSTS,
    reasonRequired: true,
    effects: [
      { kind: 'setField', field: 'dataPagamento', expression: '$now()' },
      tellRequerente(
        ['Pagamento da AET {{FormattedID}} confirmado', 'Payment of AET {{FormattedID}} confirmed'],
        [
          'O pagamento da solicitação {{FormattedID}} foi confirmado.',
          'The payment of the request {{FormattedID}} was confirmed.',
        ],
      ),
    ],
  },
  {
    // A paid request the envelope check did not move on (paid before the check existed) goes to analysis by hand.
    key: 'iniciarAnalise',
    name: text('Iniciar análise', 'Start review'),
    from: [AET_PAYMENT_PAID_STATUS],
    to: 'emAnalise',
    allowedGroups: AET_ANALYSTS,
    effects: [{ kind: 'assignResponsible', to: { kind: 'group', group: GROUPS.analistas } }],
  },
] satisfies WorkflowDefinitionInput['actions'];
