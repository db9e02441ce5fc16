import type { FieldDefinitionInput, FormComponentInput, WorkflowDefinitionInput } from '@der/contracts';
import { control, field, STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ANALYSTS as analysts, tellRequerente } from './notificacoes.ts';

/** What the analysis of an AET request records (domain.md "Workflow"). */
export const AET_ANALYSIS_FIELDS = [
  field('condicoesTransito', 'RICH_TEXT', text('Condições de trânsito', 'Travel conditions'), {
    departmentOnly: true,
  }),
] satisfies FieldDefinitionInput[];

/** The analysis' controls on the analysts' 'Taxa e emissão' tab. */
export const AET_ANALYSIS_CONTROLS: FormComponentInput[] = [
  control('formattedText', 'condicoesTransito', 12),
];

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
    confirmation: text('Deferir esta solicitação?', 'Approve this request?'),
    effects: [
      { kind: 'assignResponsible', to: { kind: 'actor' } },
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
