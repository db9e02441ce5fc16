import type {
  FieldDefinitionInput,
  FormComponentInput,
  ReferenceTableInput,
  WorkflowDefinitionInput,
  WorkflowEffectInput,
} from '@der/contracts';
import { control, field, GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ENVELOPE_CRITERIA, AET_ENVELOPE_TABLE } from './envelope.ts';
import { AET_ANALYSTS as analysts, tellRequerente } from './notificacoes.ts';

export { AET_ENVELOPE_TABLE };

/** The conditions an analyst may impose when approving (domain.md): configuration, printed on the AET. */
export const AET_CONDITIONS_TABLE_KEY = 'condicoesTransitoAet';

const CONDITIONS: Array<{ codigo: string; texto: string; textoEn: string }> = [
  {
    codigo: 'diurno',
    texto: 'Trânsito somente entre o nascer e o pôr do sol',
    textoEn: 'Travel only between sunrise and sunset',
  },
  {
    codigo: 'escolta',
    texto: 'Trânsito com escolta credenciada',
    textoEn: 'Travel with an accredited escort',
  },
  {
    codigo: 'pontesIsoladamente',
    texto: 'Travessia de pontes e viadutos isoladamente, sem outro veículo sobre a obra',
    textoEn: 'Bridges and viaducts crossed alone, with no other vehicle on the structure',
  },
  {
    codigo: 'centralizado',
    texto: 'Travessia de pontes e viadutos centralizada na pista',
    textoEn: 'Bridges and viaducts crossed in the centre of the carriageway',
  },
  {
    codigo: 'velocidadeReduzida',
    texto: 'Velocidade máxima de 40 km/h',
    textoEn: 'Maximum speed of 40 km/h',
  },
  {
    codigo: 'semChuva',
    texto: 'Proibido o trânsito sob chuva ou neblina',
    textoEn: 'No travel in rain or fog',
  },
  {
    codigo: 'foraDoPico',
    texto: 'Proibido o trânsito em feriados e nos horários de pico (6h–9h e 17h–20h)',
    textoEn: 'No travel on holidays or at peak times (6–9 am and 5–8 pm)',
  },
];

export const AET_CONDITIONS_TABLE = {
  key: AET_CONDITIONS_TABLE_KEY,
  name: text('Condições de trânsito', 'Travel conditions'),
  description: text(
    'As condições que o analista escolhe ao deferir; o texto em português é impresso na AET.',
    'The conditions an analyst chooses when approving; the Portuguese text is printed on the AET.',
  ),
  columns: [
    { key: 'codigo', label: text('Código', 'Code'), type: 'string' },
    { key: 'texto', label: text('Texto (pt-BR)', 'Text (pt-BR)'), type: 'string' },
    { key: 'textoEn', label: text('Texto (en)', 'Text (en)'), type: 'string' },
  ],
  rows: CONDITIONS,
} satisfies ReferenceTableInput;

const CONDITIONS_TABLE = `$table('${AET_CONDITIONS_TABLE_KEY}')`;

/** The chosen conditions' texts as printed on the AET ('Trânsito somente …; Velocidade ….'). */
const CONDITIONS_TEXT = `$count(condicoesAprovadas) > 0 ? $join(condicoesAprovadas.($c := condicao; ${CONDITIONS_TABLE}[codigo = $c].texto), '; ') & '.' : condicoesTransito`;

/** What the analysis of an AET request records (domain.md "Workflow"). */
export const AET_ANALYSIS_FIELDS = [
  // Chosen from the conditions' table by code; 'deferir' checks them against the table as it stands, so a
  // condition the department withdrew is refused on the server.
  field('condicoesAprovadas', 'TABLE', text('Condições impostas', 'Conditions imposed'), {
    departmentOnly: true,
    maxRows: CONDITIONS.length,
    columns: [
      {
        key: 'condicao',
        type: 'STRING',
        label: text(
          `Condição (${CONDITIONS.map((condition) => condition.codigo).join(', ')})`,
          `Condition (${CONDITIONS.map((condition) => condition.codigo).join(', ')})`,
        ),
        required: true,
        maxLength: 40,
        columnSpan: 12,
      },
    ],
  }),
  // The text printed on the AET: 'deferir' writes the chosen conditions' texts (an older request kept its own).
  field('condicoesTransito', 'RICH_TEXT', text('Condições de trânsito', 'Travel conditions'), {
    departmentOnly: true,
  }),
  // Written by the envelope check (envelope.ts) when the request is paid: each criterion met or not.
  field(
    'criteriosEnvelope',
    'TABLE',
    text('Critérios da emissão automática', 'Automatic issuance criteria'),
    {
      departmentOnly: true,
      maxRows: 20,
      columns: [
        {
          key: 'criterion',
          type: 'STRING',
          label: text('Critério', 'Criterion'),
          maxLength: 200,
          columnSpan: 5,
        },
        { key: 'passed', type: 'BOOLEAN', label: text('Atendido', 'Met'), columnSpan: 2 },
        { key: 'detail', type: 'STRING', label: text('Detalhe', 'Detail'), maxLength: 500, columnSpan: 5 },
      ],
    },
  ),
] satisfies FieldDefinitionInput[];

/** The analysis' controls on the analysts' 'Taxa e emissão' tab: the envelope's verdict, then the decision. */
export const AET_ANALYSIS_CONTROLS: FormComponentInput[] = [
  {
    type: 'indicator',
    label: text('Critérios não atendidos', 'Criteria not met'),
    expression:
      // A null or empty detail is false in JSONata ($exists(null) is true: it named 'null').
      "[criteriosEnvelope[passed = false].(criterion & (detail ? ' — ' & detail : ''))]",
    format: 'messages',
    emptyText: text('Nenhum critério reprovado.', 'No criterion failed.'),
    columnSpan: 12,
  },
  { ...control('table', 'criteriosEnvelope', 12), readOnly: true },
  control('table', 'condicoesAprovadas', 12),
  control('formattedText', 'condicoesTransito', 12),
];

/**
 * Entering 'paga' (pagamento.ts), the request is checked against the envelope (envelope.ts) by the workflow's
 * runCheck: fully inside, the process approves and issues it at once ('deferirAutomaticamente' then 'emitir':
 * numbering, signed PDF, the requerente told); outside, it goes to the analysts' queue with each criterion's
 * result on the request. To be put in the 'paga' status's onEnter.
 */
export const AET_ENVELOPE_CHECK = {
  kind: 'runCheck',
  criteria: AET_ENVELOPE_CRITERIA,
  resultField: 'criteriosEnvelope',
  onPass: ['deferirAutomaticamente', 'emitir'],
  onFail: 'encaminharParaAnalise',
} satisfies WorkflowEffectInput;

/** The status a paid request is checked in (the payment's, pagamento.ts). */
export const AET_PAID_STATUS = 'paga';

/** What the envelope check runs, as the process account (administrator): nobody else runs them. */
export const AET_ENVELOPE_ACTIONS = [
  {
    key: 'deferirAutomaticamente',
    name: text('Deferir automaticamente', 'Approve automatically'),
    from: [AET_PAID_STATUS],
    to: 'deferida',
    allowedRoles: ['administrator'],
  },
  {
    key: 'encaminharParaAnalise',
    name: text('Encaminhar para análise', 'Send for review'),
    from: [AET_PAID_STATUS],
    to: 'emAnalise',
    allowedRoles: ['administrator'],
    effects: [
      { kind: 'assignResponsible', to: { kind: 'group', group: GROUPS.analistas } },
      {
        kind: 'notify',
        recipients: [{ kind: 'responsibleGroup' }],
        subject: text('AET {{FormattedID}} fora do envelope', 'AET {{FormattedID}} outside the envelope'),
        message: text(
          'A solicitação {{FormattedID}} foi paga e não atende a todos os critérios da emissão automática: analise-a.',
          'The request {{FormattedID}} was paid and does not meet every automatic issuance criterion: review it.',
        ),
        channels: ['message'],
      },
    ],
  },
] satisfies WorkflowDefinitionInput['actions'];

/** The analysis: Em análise ↔ Pendente de correção → Deferida or Indeferida. */
export const AET_ANALYSIS_STATUSES = [
  {
    key: 'emAnalise',
    name: text('Em análise', 'Under review'),
    color: STATUS_COLORS.analysis,
    // Five working days of analysis ('5 dias úteis'): the analyst is warned at 80 %, the analysts' queue told
    // when it passes (engine/deadlines).
    sla: { amount: 5, unit: 'workingDays', warnAtPercent: 80 },
  },
  {
    key: 'pendenteCorrecao',
    name: text('Pendente de correção', 'Correction requested'),
    color: STATUS_COLORS.pending,
    onEnter: [
      tellRequerente(
        ['Correção solicitada na AET {{FormattedID}}', 'Correction requested on AET {{FormattedID}}'],
        [
          'O analista pediu correções na sua solicitação: {{Reason}}. Corrija e reenvie.',
          'The analyst asked for corrections to your request: {{Reason}}. Correct it and resubmit.',
        ],
      ),
    ],
  },
  { key: 'deferida', name: text('Deferida', 'Approved'), color: STATUS_COLORS.approved },
  {
    key: 'indeferida',
    name: text('Indeferida', 'Rejected'),
    color: STATUS_COLORS.rejected,
    final: true,
    onEnter: [
      tellRequerente(
        ['Sua solicitação {{FormattedID}} foi indeferida', 'Your request {{FormattedID}} was rejected'],
        ['Motivo do indeferimento: {{Reason}}', 'Reason for the rejection: {{Reason}}'],
      ),
    ],
  },
] satisfies WorkflowDefinitionInput['statuses'];

export const AET_ANALYSIS_ACTIONS = [
  {
    key: 'solicitarCorrecao',
    name: text('Solicitar correção', 'Request correction'),
    from: ['emAnalise'],
    to: 'pendenteCorrecao',
    allowedGroups: analysts,
    reasonRequired: true,
    effects: [{ kind: 'assignResponsible', to: { kind: 'actor' } }],
  },
  {
    key: 'reenviar',
    name: text('Reenviar', 'Resubmit'),
    from: ['pendenteCorrecao'],
    to: 'emAnalise',
    allowedRoles: ['creator'],
    confirmation: text('Reenviar a solicitação corrigida para análise?', 'Resubmit the corrected request?'),
    validation: {
      expression: 'declaracaoVeracidade = true',
      message: text(
        'Declare que as informações prestadas são verdadeiras antes de reenviar.',
        'Declare that the information given is true before resubmitting.',
      ),
    },
    effects: [
      {
        kind: 'notify',
        recipients: [{ kind: 'role', role: 'responsible' }],
        subject: text('AET {{FormattedID}} corrigida', 'AET {{FormattedID}} corrected'),
        message: text(
          '{{ActorName}} corrigiu e reenviou a solicitação {{FormattedID}}.',
          '{{ActorName}} corrected and resubmitted the request {{FormattedID}}.',
        ),
        channels: ['message', 'email'],
      },
    ],
  },
  {
    key: 'deferir',
    name: text('Deferir', 'Approve'),
    from: ['emAnalise'],
    to: 'deferida',
    allowedGroups: analysts,
    confirmation: text(
      'Deferir esta solicitação com as condições escolhidas?',
      'Approve this request with the conditions chosen?',
    ),
    validation: {
      expression: `$count(condicoesAprovadas[$not(condicao in ${CONDITIONS_TABLE}.codigo)]) = 0`,
      message: text(
        'Escolha as condições da lista de condições de trânsito.',
        'Choose the conditions from the list of travel conditions.',
      ),
    },
    effects: [
      { kind: 'assignResponsible', to: { kind: 'actor' } },
      { kind: 'setField', field: 'condicoesTransito', expression: CONDITIONS_TEXT },
      tellRequerente(
        ['Sua solicitação {{FormattedID}} foi deferida', 'Your request {{FormattedID}} was approved'],
        [
          'A AET será emitida e assinada pelo DER em seguida.',
          'The department will issue and sign the AET next.',
        ],
      ),
    ],
  },
  {
    key: 'indeferir',
    name: text('Indeferir', 'Reject'),
    from: ['emAnalise', 'deferida'],
    to: 'indeferida',
    allowedGroups: analysts,
    reasonRequired: true,
    confirmation: text(
      'O indeferimento encerra a solicitação. Continuar?',
      'Rejecting closes the request. Continue?',
    ),
  },
] satisfies WorkflowDefinitionInput['actions'];
