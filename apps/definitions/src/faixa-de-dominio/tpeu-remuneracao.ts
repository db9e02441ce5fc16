import type {
  BusinessRuleInput,
  FieldDefinitionInput,
  ReferenceTableInput,
  WorkflowDefinitionInput,
  WorkflowEffectInput,
} from '@der/contracts';
import { field, GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { tellPermissionario } from './notificacoes.ts';

/**
 * The TPEU's remuneration (domain.md): an annual public price by purpose and measure — per metre along the road,
 * per crossing, per m² or per occupation — from a configured table, × the term; exemptions by the table (power and
 * telecom utilities) or by an analyst with the reason (a public body). The permissionário sees the estimate; the
 * price and the exemption are fixed by the server at protocolling and changed only by the department.
 */
export const TPEU_FEE_TABLE_KEY = 'precosTpeu';
export const TPEU_AWAITING_PAYMENT_STATUS = 'aguardandoPagamento';
export const TPEU_PAID_STATUS = 'paga';
export const TPEU_CONFIRM_PAYMENT_ACTION = 'confirmarPagamento';

const ANALYSTS = [GROUPS.analistas, GROUPS.administradores];
const ALL = 'todos';

type Unit = 'metro' | 'travessia' | 'm2' | 'ocupacao';
const price = (
  finalidade: string,
  tipoOcupacao: string,
  unidade: Unit,
  valorAnual: number,
  fundamento: string,
  isento = false,
) => ({
  finalidade,
  tipoOcupacao,
  unidade,
  valorAnual,
  isento,
  vigenciaInicio: '2025-01-01',
  vigenciaFim: null,
  fundamento,
});

const TABLE_BASIS = 'Tabela de preços públicos DER 2025';

/** Rows are read in order: the first that applies (purpose, form, validity) gives the price. */
export const TPEU_FEE_TABLE = {
  key: TPEU_FEE_TABLE_KEY,
  name: text('Preços públicos da faixa de domínio', 'Right-of-way public prices'),
  description: text(
    "Finalidade e tipo de ocupação: 'todos' vale para qualquer um. A primeira linha que se aplica dá o preço anual por unidade: metro de extensão (metro), travessia, m² de área (m2) ou ocupação. Isento: a isenção é concedida pela regra, com o fundamento como motivo.",
    "Purpose and occupation form: 'todos' applies to any. The first row that applies gives the annual price per unit: metre of length (metro), crossing (travessia), m² of area (m2) or occupation (ocupacao). Exempt: the exemption is granted by the rule, with the basis as its reason.",
  ),
  columns: [
    { key: 'finalidade', label: text('Finalidade', 'Purpose'), type: 'string' },
    { key: 'tipoOcupacao', label: text('Tipo de ocupação', 'Occupation form'), type: 'string' },
    { key: 'unidade', label: text('Unidade de medida', 'Unit'), type: 'string' },
    {
      key: 'valorAnual',
      label: text('Preço anual por unidade (R$)', 'Annual price per unit (R$)'),
      type: 'number',
    },
    { key: 'isento', label: text('Isento', 'Exempt'), type: 'boolean' },
    { key: 'vigenciaInicio', label: text('Vigência: início', 'In force from'), type: 'date' },
    { key: 'vigenciaFim', label: text('Vigência: fim', 'In force until'), type: 'date' },
    { key: 'fundamento', label: text('Fundamento', 'Basis'), type: 'string' },
  ],
  rows: [
    price(
      'energia',
      ALL,
      'metro',
      0,
      'Concessionária de serviço público de energia elétrica: isenta de remuneração',
      true,
    ),
    price('telecom', ALL, 'metro', 0, 'Infraestrutura de telecomunicações: Lei 13.116/2015, art. 12', true),
    ...['agua', 'esgoto', 'gas'].flatMap((finalidade) => [
      price(finalidade, 'longitudinal', 'metro', 8.5, TABLE_BASIS),
      price(finalidade, 'transversal', 'travessia', 2400, TABLE_BASIS),
      price(finalidade, 'pontual', 'ocupacao', 1200, TABLE_BASIS),
    ]),
    price('acesso', ALL, 'ocupacao', 1800, TABLE_BASIS),
    price('publicidade', ALL, 'm2', 320, TABLE_BASIS),
    price(ALL, ALL, 'm2', 60, TABLE_BASIS),
  ],
} satisfies ReferenceTableInput;

/** The table's row for the request on the day it is evaluated (Brasília's date), as `$linha`. */
const FEE_ROW = `$hoje := $fromMillis($toMillis($now()), '[Y0001]-[M01]-[D01]', '-0300');
  $linha := $table('${TPEU_FEE_TABLE_KEY}')[
    (finalidade = '${ALL}' or finalidade = $$.finalidade)
    and (tipoOcupacao = '${ALL}' or tipoOcupacao = $$.tipoOcupacao)
    and vigenciaInicio <= $hoje
    and ($not($exists(vigenciaFim)) or vigenciaFim = null or vigenciaFim >= $hoje)
  ][0];`;

/** The annual public price by the table (0 when it exempts), or null while the measure it needs is missing. */
export const TPEU_ANNUAL_PRICE_EXPRESSION = `(
  ${FEE_ROW}
  $medida := $linha.unidade = 'metro' ? $$.extensao : $linha.unidade = 'm2' ? $$.area : 1;
  $exists($linha) and $exists($medida) ? $round($linha.valorAnual * $medida, 2) : null
)`;

/**
 * The total the request owes at protocolling: the table's price × the term (0 when it exempts). The effects of an
 * action are evaluated over the item as it stood, so the total is computed here rather than read from the price.
 */
export const TPEU_TOTAL_AT_PROTOCOL_EXPRESSION = `(
  $preco := ${TPEU_ANNUAL_PRICE_EXPRESSION};
  $exists($preco) ? $round($preco * $$.prazoMeses / 12, 2) : null
)`;

/** Whether the table exempts the request, and its basis as the exemption's reason. */
export const TPEU_EXEMPT_BY_TABLE_EXPRESSION = `(${FEE_ROW} $linha.isento = true)`;
export const TPEU_EXEMPTION_REASON_EXPRESSION = `(${FEE_ROW} $linha.isento = true ? $linha.fundamento : null)`;

export const TPEU_FEE_FIELDS = [
  // The permissionário's estimate while filling in the request: computed, never typed.
  field(
    'precoAnualPrevisto',
    'CURRENCY',
    text('Preço público anual previsto (R$)', 'Expected annual price (R$)'),
  ),
  field('isentoRemuneracao', 'BOOLEAN', text('Isento de remuneração', 'Exempt from the fee'), {
    departmentOnly: true,
  }),
  field('motivoIsencao', 'STRING', text('Motivo da isenção', 'Reason for the exemption'), {
    maxLength: 300,
    departmentOnly: true,
  }),
  field('precoPublicoAnual', 'CURRENCY', text('Preço público anual (R$)', 'Annual public price (R$)'), {
    minimum: 0,
    departmentOnly: true,
  }),
  field('valorTotal', 'CURRENCY', text('Valor total (R$)', 'Total (R$)'), {
    minimum: 0,
    indexed: true,
    departmentOnly: true,
  }),
  field('dataPagamento', 'DATE_TIME', text('Data do pagamento', 'Payment date'), {
    indexed: true,
    departmentOnly: true,
  }),
] satisfies FieldDefinitionInput[];

export const TPEU_FEE_RULES = [
  {
    id: 'precoAnualPrevisto',
    kind: 'computedValue',
    field: 'precoAnualPrevisto',
    expression: TPEU_ANNUAL_PRICE_EXPRESSION,
  },
  {
    id: 'valorTotal',
    kind: 'computedValue',
    field: 'valorTotal',
    expression:
      'isentoRemuneracao = true ? 0 : $exists(precoPublicoAnual) ? $round(precoPublicoAnual * prazoMeses / 12, 2) : null',
  },
  {
    id: 'motivoIsencaoVisivel',
    kind: 'visibility',
    field: 'motivoIsencao',
    expression: 'isentoRemuneracao = true',
  },
  {
    id: 'motivoIsencaoObrigatorio',
    kind: 'required',
    field: 'motivoIsencao',
    expression: 'isentoRemuneracao = true',
  },
] satisfies BusinessRuleInput[];

/** Protocolling fixes the price and the exemption by the table on the server: the estimate sent is not trusted. */
export const TPEU_FEE_AT_PROTOCOL: WorkflowEffectInput[] = [
  { kind: 'setField', field: 'precoPublicoAnual', expression: TPEU_ANNUAL_PRICE_EXPRESSION },
  { kind: 'setField', field: 'valorTotal', expression: TPEU_TOTAL_AT_PROTOCOL_EXPRESSION },
  { kind: 'setField', field: 'isentoRemuneracao', expression: TPEU_EXEMPT_BY_TABLE_EXPRESSION },
  { kind: 'setField', field: 'motivoIsencao', expression: TPEU_EXEMPTION_REASON_EXPRESSION },
];

/** An approved request that owes the price waits for its payment (the provider's webhook or an analyst confirms). */
export const TPEU_PAYMENT_STATUSES = [
  {
    key: TPEU_AWAITING_PAYMENT_STATUS,
    name: text('Aguardando pagamento', 'Awaiting payment'),
    color: STATUS_COLORS.pending,
  },
  { key: TPEU_PAID_STATUS, name: text('Paga', 'Paid'), color: STATUS_COLORS.neutral },
] satisfies WorkflowDefinitionInput['statuses'];

export const TPEU_PAYMENT_ACTIONS = [
  {
    key: 'cobrarRemuneracao',
    name: text('Cobrar a remuneração', 'Charge the fee'),
    from: ['aprovada'],
    to: TPEU_AWAITING_PAYMENT_STATUS,
    allowedGroups: ANALYSTS,
    validation: {
      expression: 'isentoRemuneracao != true and valorTotal > 0',
      message: text(
        'Não há remuneração a cobrar: a solicitação é isenta ou não tem preço.',
        'There is no fee to charge: the request is exempt or has no price.',
      ),
    },
    effects: [
      tellPermissionario(
        ['Remuneração do TPEU {{FormattedID}}', 'Fee of the TPEU {{FormattedID}}'],
        [
          'A solicitação {{FormattedID}} foi aprovada. Remuneração: R$ {{valorTotal}}. Pague pelo PIX ou boleto na própria solicitação.',
          'The request {{FormattedID}} was approved. Fee: R$ {{valorTotal}}. Pay by PIX or bank slip on the request.',
        ],
      ),
    ],
  },
  {
    key: TPEU_CONFIRM_PAYMENT_ACTION,
    name: text('Confirmar pagamento', 'Confirm payment'),
    from: [TPEU_AWAITING_PAYMENT_STATUS],
    to: TPEU_PAID_STATUS,
    allowedGroups: ANALYSTS,
    reasonRequired: true,
    effects: [{ kind: 'setField', field: 'dataPagamento', expression: '$now()' }],
  },
] satisfies WorkflowDefinitionInput['actions'];
