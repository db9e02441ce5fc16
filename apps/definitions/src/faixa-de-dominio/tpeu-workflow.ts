import type { EffectInput, WorkflowDefinitionInput } from '@der/contracts';
import { GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';

const analysts = [GROUPS.analistas, GROUPS.administradores];

const notifyApplicant = (subjectPt: string, subjectEn: string): EffectInput => ({
  kind: 'notify',
  recipients: [{ kind: 'role', role: 'creator' }],
  subject: text(subjectPt, subjectEn),
  message: text('Acompanhe a solicitação no portal.', 'Follow the request on the portal.'),
  channels: ['message', 'email'],
});

/**
 * TPEU request workflow, first version (domain.md): Rascunho → Protocolada → Triagem ↔ Pendente de correção →
 * Vistoria → Análise técnica ↔ Pendente → Aprovada → Emitida (numbered, signed), or Indeferida. The works,
 * final inspection and renewal stages come with later versions.
 */
export const SOLICITACAO_TPEU_WORKFLOW = {
  statuses: [
    { key: 'rascunho', name: text('Rascunho', 'Draft'), color: STATUS_COLORS.draft, initial: true },
    {
      key: 'protocolada',
      name: text('Protocolada', 'Filed'),
      color: STATUS_COLORS.neutral,
      onEnter: [{ kind: 'setField', field: 'numeroProcesso', expression: 'FormattedID' }],
    },
    { key: 'triagem', name: text('Triagem', 'Screening'), color: STATUS_COLORS.analysis },
    {
      key: 'pendenteCorrecao',
      name: text('Pendente de correção', 'Correction requested'),
      color: STATUS_COLORS.pending,
      onEnter: [notifyApplicant('Correção solicitada no seu TPEU', 'Correction requested on your TPEU')],
    },
    { key: 'vistoria', name: text('Vistoria', 'Site inspection'), color: STATUS_COLORS.analysis },
    {
      key: 'analiseTecnica',
      name: text('Análise técnica', 'Technical review'),
      color: STATUS_COLORS.analysis,
    },
    { key: 'aprovada', name: text('Aprovada', 'Approved'), color: STATUS_COLORS.approved },
    {
      key: 'indeferida',
      name: text('Indeferida', 'Rejected'),
      color: STATUS_COLORS.rejected,
      final: true,
      onEnter: [notifyApplicant('Sua solicitação de TPEU foi indeferida', 'Your TPEU request was rejected')],
    },
    {
      key: 'emitida',
      name: text('TPEU emitido', 'TPEU issued'),
      color: STATUS_COLORS.issued,
      final: true,
      onEnter: [
        { kind: 'setField', field: 'numeroTpeu', expression: 'FormattedID' },
        { kind: 'generateDocument', printLayoutId: 2, attach: true, sign: true },
        notifyApplicant('Seu TPEU foi emitido', 'Your TPEU was issued'),
      ],
    },
  ],
  actions: [
    {
      key: 'protocolar',
      name: text('Protocolar', 'File'),
      from: ['rascunho'],
      to: 'protocolada',
      allowedRoles: ['creator'],
      validation: {
        expression: '$exists(documentos) and $count(documentos) > 0',
        message: text('Anexe os documentos antes de protocolar.', 'Attach the documents before filing.'),
      },
    },
    {
      key: 'iniciarTriagem',
      name: text('Iniciar triagem', 'Start screening'),
      from: ['protocolada'],
      to: 'triagem',
      allowedGroups: analysts,
    },
    {
      key: 'solicitarCorrecao',
      name: text('Solicitar correção', 'Request correction'),
      from: ['triagem', 'analiseTecnica'],
      to: 'pendenteCorrecao',
      allowedGroups: analysts,
      reasonRequired: true,
    },
    {
      key: 'reenviar',
      name: text('Reenviar', 'Resubmit'),
      from: ['pendenteCorrecao'],
      to: 'triagem',
      allowedRoles: ['creator'],
    },
    {
      key: 'agendarVistoria',
      name: text('Encaminhar para vistoria', 'Send to inspection'),
      from: ['triagem'],
      to: 'vistoria',
      allowedGroups: analysts,
      responsibleRequired: true,
    },
    {
      key: 'concluirVistoria',
      name: text('Concluir vistoria', 'Finish inspection'),
      from: ['vistoria'],
      to: 'analiseTecnica',
      allowedGroups: analysts,
    },
    {
      key: 'aprovar',
      name: text('Aprovar', 'Approve'),
      from: ['analiseTecnica'],
      to: 'aprovada',
      allowedGroups: analysts,
    },
    {
      key: 'indeferir',
      name: text('Indeferir', 'Reject'),
      from: ['triagem', 'vistoria', 'analiseTecnica'],
      to: 'indeferida',
      allowedGroups: analysts,
      reasonRequired: true,
    },
    {
      key: 'emitir',
      name: text('Emitir TPEU', 'Issue TPEU'),
      from: ['aprovada'],
      to: 'emitida',
      allowedGroups: analysts,
      validation: {
        expression:
          '$exists(inicioVigencia) and $exists(fimVigencia) and (isentoRemuneracao or $exists(valorTotal))',
        message: text(
          'Informe a vigência e a remuneração (ou a isenção) antes de emitir.',
          'Fill in the term and the fee (or the exemption) before issuing.',
        ),
      },
    },
  ],
} satisfies WorkflowDefinitionInput;
