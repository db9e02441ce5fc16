import type { WorkflowDefinitionInput } from '@der/contracts';
import { GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';

const analysts = [GROUPS.analistas, GROUPS.administradores];

/**
 * AET request workflow, first version (domain.md): Rascunho → Em análise ↔ Pendente de correção → Deferida or
 * Indeferida; Deferida → Emitida, which numbers the AET, draws its validation token and renders the signed PDF.
 * Payment, validity (Vigente/Expirada), suspension and cancellation come with later versions.
 */
export const SOLICITACAO_AET_WORKFLOW = {
  statuses: [
    { key: 'rascunho', name: text('Rascunho', 'Draft'), color: STATUS_COLORS.draft, initial: true },
    { key: 'emAnalise', name: text('Em análise', 'Under review'), color: STATUS_COLORS.analysis },
    {
      key: 'pendenteCorrecao',
      name: text('Pendente de correção', 'Correction requested'),
      color: STATUS_COLORS.pending,
      onEnter: [
        {
          kind: 'notify',
          recipients: [{ kind: 'role', role: 'creator' }],
          subject: text('Correção solicitada na sua AET', 'Correction requested on your AET'),
          message: text(
            'O analista pediu correções na sua solicitação. Veja o motivo e reenvie.',
            'The analyst asked for corrections to your request. See the reason and resubmit.',
          ),
          channels: ['message', 'email'],
        },
      ],
    },
    { key: 'deferida', name: text('Deferida', 'Approved'), color: STATUS_COLORS.approved },
    {
      key: 'indeferida',
      name: text('Indeferida', 'Rejected'),
      color: STATUS_COLORS.rejected,
      final: true,
      onEnter: [
        {
          kind: 'notify',
          recipients: [{ kind: 'role', role: 'creator' }],
          subject: text('Sua solicitação de AET foi indeferida', 'Your AET request was rejected'),
          message: text('Veja o motivo do indeferimento na solicitação.', 'See the reason on the request.'),
          channels: ['message', 'email'],
        },
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
        {
          kind: 'notify',
          recipients: [{ kind: 'role', role: 'creator' }],
          subject: text('Sua AET foi emitida', 'Your AET was issued'),
          message: text(
            'A AET assinada está anexada à solicitação.',
            'The signed AET is attached to the request.',
          ),
          channels: ['message', 'email'],
        },
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
      validation: {
        expression: 'declaracaoVeracidade = true',
        message: text(
          'Declare que as informações prestadas são verdadeiras antes de enviar.',
          'Declare that the information given is true before submitting.',
        ),
      },
    },
    {
      key: 'solicitarCorrecao',
      name: text('Solicitar correção', 'Request correction'),
      from: ['emAnalise'],
      to: 'pendenteCorrecao',
      allowedGroups: analysts,
      reasonRequired: true,
    },
    {
      key: 'reenviar',
      name: text('Reenviar', 'Resubmit'),
      from: ['pendenteCorrecao'],
      to: 'emAnalise',
      allowedRoles: ['creator'],
    },
    {
      key: 'deferir',
      name: text('Deferir', 'Approve'),
      from: ['emAnalise'],
      to: 'deferida',
      allowedGroups: analysts,
    },
    {
      key: 'indeferir',
      name: text('Indeferir', 'Reject'),
      from: ['emAnalise', 'deferida'],
      to: 'indeferida',
      allowedGroups: analysts,
      reasonRequired: true,
    },
    {
      key: 'emitir',
      name: text('Emitir AET', 'Issue AET'),
      from: ['deferida'],
      to: 'emitida',
      allowedGroups: analysts,
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
