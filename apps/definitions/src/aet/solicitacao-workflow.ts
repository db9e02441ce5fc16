import type { WorkflowDefinitionInput, WorkflowEffectInput } from '@der/contracts';
import { GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';

const analysts = [GROUPS.analistas, GROUPS.administradores];

/** A bell message (with web push) and an e-mail to the requerente who filed the request. */
const tellRequerente = (subject: [string, string], message: [string, string]): WorkflowEffectInput => ({
  kind: 'notify',
  recipients: [{ kind: 'role', role: 'creator' }],
  subject: text(...subject),
  message: text(...message),
  channels: ['message', 'email'],
});

/**
 * AET request workflow, first version (domain.md): Rascunho → Em análise ↔ Pendente de correção → Deferida or
 * Indeferida; Deferida → Emitida, which numbers the AET, draws its validation token and renders the signed PDF.
 * Sending puts the request in the analysts' queue ('Minhas pendências'); the analyst who asks for a correction
 * becomes its responsible, so the corrected request comes back to them. Payment, validity (Vigente/Expirada),
 * suspension and cancellation come with later versions (issue 20).
 */
export const SOLICITACAO_AET_WORKFLOW = {
  statuses: [
    { key: 'rascunho', name: text('Rascunho', 'Draft'), color: STATUS_COLORS.draft, initial: true },
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
    {
      key: 'emitida',
      name: text('Emitida', 'Issued'),
      color: STATUS_COLORS.issued,
      final: true,
      onEnter: [
        { kind: 'setField', field: 'numeroAet', expression: 'FormattedID' },
        // The QR code's token: random, ≥ 128 bits, never the sequential number (domain.md).
        { kind: 'setField', field: 'uidValidacao', expression: '$randomToken(16)' },
        { kind: 'generateDocument', printLayoutId: 1, attach: true, sign: true },
        tellRequerente(
          ['Sua AET {{FormattedID}} foi emitida', 'Your AET {{FormattedID}} was issued'],
          ['A AET assinada está anexada à solicitação.', 'The signed AET is attached to the request.'],
        ),
      ],
    },
  ],
  actions: [
    {
      key: 'enviar',
      name: text('Enviar para análise', 'Submit for review'),
      from: ['rascunho'],
      to: 'emAnalise',
      allowedRoles: ['creator'],
      confirmation: text(
        'Depois de enviada, a solicitação só poderá ser alterada se o analista pedir correção. Enviar?',
        'Once submitted, the request can only be changed if the analyst asks for a correction. Submit?',
      ),
      validation: {
        expression: 'declaracaoVeracidade = true',
        message: text(
          'Declare que as informações prestadas são verdadeiras antes de enviar.',
          'Declare that the information given is true before submitting.',
        ),
      },
      effects: [
        { kind: 'assignResponsible', to: { kind: 'group', group: GROUPS.analistas } },
        {
          kind: 'notify',
          recipients: [{ kind: 'responsibleGroup' }],
          subject: text('Nova solicitação de AET {{FormattedID}}', 'New AET request {{FormattedID}}'),
          message: text(
            '{{ActorName}} enviou a solicitação {{FormattedID}} para análise.',
            '{{ActorName}} submitted the request {{FormattedID}} for review.',
          ),
          channels: ['message'],
        },
      ],
    },
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
    {
      key: 'emitir',
      name: text('Emitir AET', 'Issue AET'),
      from: ['deferida'],
      to: 'emitida',
      allowedGroups: analysts,
      confirmation: text(
        'A AET será numerada e assinada digitalmente e não poderá mais ser alterada. Emitir?',
        'The AET will be numbered and digitally signed and can no longer be changed. Issue it?',
      ),
      validation: {
        expression: '$exists(dataInicioValidade) and $exists(dataFimValidade) and $exists(valorTaxa)',
        message: text(
          'Informe a validade e o valor da taxa antes de emitir.',
          'Fill in the validity and the fee before issuing.',
        ),
      },
    },
  ],
} satisfies WorkflowDefinitionInput;
