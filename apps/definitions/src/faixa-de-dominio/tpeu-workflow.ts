import type { WorkflowDefinitionInput, WorkflowEffectInput } from '@der/contracts';
import { GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { tellPermissionario, tellResponsible, toAnalystsQueue } from './notificacoes.ts';
import { TPEU_PRINT_LAYOUT } from './termo-layout.ts';
import {
  CO_SIGNATURE_AT_PROTOCOL,
  CO_SIGNATURE_CHECK,
  TPEU_AWAITING_SIGNATURE_STATUS,
  TPEU_SIGNATURE_ACTIONS,
  TPEU_SIGNATURE_STATUSES,
} from './tpeu-coassinatura.ts';
import {
  DRAWING_REVIEW_START,
  DRAWING_STAMP,
  DRAWINGS_FIELD,
  EVERY_SHEET_APPROVED,
  EVERY_SHEET_APPROVED_MESSAGE,
  TPEU_DRAWING_ACTIONS,
  TPEU_DRAWING_STATUSES,
} from './tpeu-desenhos.ts';
import { TPEU_CHECKLIST_DOCUMENTS } from './tpeu-documentos.ts';
import {
  TPEU_FEE_AT_PROTOCOL,
  TPEU_PAID_STATUS,
  TPEU_PAYMENT_ACTIONS,
  TPEU_PAYMENT_STATUSES,
} from './tpeu-remuneracao.ts';
import { TPEU_RENEWAL_ACTIONS, TPEU_RENEWAL_STATUS_DEFINITIONS } from './tpeu-renovacao.ts';
import { everyDocumentAccepted } from './tpeu-triagem.ts';
import {
  TPEU_IN_FORCE_STATUS,
  TPEU_ISSUED_STATUS,
  TPEU_LIFE_ACTIONS,
  TPEU_LIFE_STATUSES,
} from './tpeu-vigencia.ts';
import { INSPECTION_NOTICE, INSPECTION_REPORTED, INSPECTION_SCHEDULED } from './tpeu-vistoria.ts';

const analysts = [GROUPS.analistas, GROUPS.administradores];

/** A bell message (with web push) and an e-mail to the permissionário who filed the request. */
const notifyApplicant = (
  subjectPt: string,
  subjectEn: string,
  message = text('Acompanhe a solicitação no portal.', 'Follow the request on the portal.'),
): WorkflowEffectInput => tellPermissionario([subjectPt, subjectEn], [message['pt-BR'], message.en]);

/**
 * Issuing numbers the TPEU, stamps and signs every approved sheet of the drawings, renders and signs the TPEU,
 * then checks whether the permissionário co-signs it (tpeu-coassinatura.ts): if not, the process authorises the
 * works and tells the permissionário at once; if so, the request waits for their signature. The issuing action
 * runs these, not the entered status: a request sent back to the works ('Pedir ajustes na obra') is not issued
 * again.
 */
const ISSUANCE_EFFECTS: WorkflowEffectInput[] = [
  { kind: 'setField', field: 'numeroTpeu', expression: 'FormattedID' },
  { kind: 'stampFiles', field: DRAWINGS_FIELD, stamp: DRAWING_STAMP, sign: true },
  { kind: 'generateDocument', printLayoutId: TPEU_PRINT_LAYOUT.id, attach: true, sign: true },
  CO_SIGNATURE_CHECK,
];

/** The analyst who runs the action becomes the request's responsible (it leaves the group queue). */
const takeIt: WorkflowEffectInput = { kind: 'assignResponsible', to: { kind: 'actor' } };

/**
 * TPEU request workflow, first version (domain.md): Rascunho → Protocolada → Triagem ↔ Pendente de correção →
 * Vistoria → Análise técnica ↔ Pendente → Aprovada → (Aguardando pagamento → Paga, unless exempt) → Emitida
 * (numbered, signed; co-signed by the permissionário where configured: the works are authorised) → Vistoria final → Vigente (Termo de Recebimento), or Indeferida;
 * renewed (tpeu-renovacao.ts); then revoked, given up or expired (tpeu-vigencia.ts). Protocolling fixes the price and the exemption by the
 * table (tpeu-remuneracao.ts) and puts the request in the analysts' queue ('Minhas pendências'); the analyst who
 * starts the screening takes it.
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
    {
      key: 'triagem',
      name: text('Triagem', 'Screening'),
      color: STATUS_COLORS.analysis,
      // Ten working days to screen the documents before the request shows as late.
      sla: { amount: 10, unit: 'workingDays' },
    },
    {
      key: 'pendenteCorrecao',
      name: text('Pendente de correção', 'Correction requested'),
      color: STATUS_COLORS.pending,
      onEnter: [
        notifyApplicant(
          'Correção solicitada na solicitação {{FormattedID}}',
          'Correction requested on the request {{FormattedID}}',
          text(
            'O analista pediu correções: {{Reason}}. Os documentos recusados estão marcados na solicitação, com o motivo: substitua-os e reenvie.',
            'The analyst asked for corrections: {{Reason}}. The refused documents are marked on the request, with the reason: replace them and resubmit.',
          ),
        ),
      ],
    },
    { key: 'vistoria', name: text('Vistoria', 'Site inspection'), color: STATUS_COLORS.analysis },
    {
      key: 'analiseTecnica',
      name: text('Análise técnica', 'Technical review'),
      color: STATUS_COLORS.analysis,
      // Fifteen working days per review; a late one is escalated to the administrators.
      sla: { amount: 15, unit: 'workingDays', escalateToGroup: GROUPS.administradores },
    },
    ...TPEU_DRAWING_STATUSES,
    { key: 'aprovada', name: text('Aprovada', 'Approved'), color: STATUS_COLORS.approved },
    ...TPEU_PAYMENT_STATUSES,
    {
      key: 'indeferida',
      name: text('Indeferida', 'Rejected'),
      color: STATUS_COLORS.rejected,
      final: true,
      onEnter: [
        notifyApplicant(
          'Sua solicitação {{FormattedID}} foi indeferida',
          'Your request {{FormattedID}} was rejected',
          text('Motivo do indeferimento: {{Reason}}', 'Reason for the rejection: {{Reason}}'),
        ),
      ],
    },
    ...TPEU_SIGNATURE_STATUSES,
    ...TPEU_LIFE_STATUSES,
    ...TPEU_RENEWAL_STATUS_DEFINITIONS,
  ],
  actions: [
    {
      key: 'protocolar',
      name: text('Protocolar', 'File'),
      from: ['rascunho'],
      to: 'protocolada',
      allowedRoles: ['creator'],
      confirmation: text(
        'Depois de protocolada, a solicitação só poderá ser alterada se o analista pedir correção. Protocolar?',
        'Once filed, the request can only be changed if the analyst asks for a correction. File it?',
      ),
      // The checklist's required documents are checked as the request leaves the draft (tpeu-documentos.ts).
      effects: [
        ...TPEU_FEE_AT_PROTOCOL,
        CO_SIGNATURE_AT_PROTOCOL,
        ...toAnalystsQueue(
          ['Nova solicitação de TPEU {{FormattedID}}', 'New TPEU request {{FormattedID}}'],
          [
            '{{ActorName}} protocolou a solicitação {{FormattedID}} (processo {{numeroProcesso}}).',
            '{{ActorName}} filed the request {{FormattedID}} (process {{numeroProcesso}}).',
          ],
        ),
      ],
    },
    {
      key: 'iniciarTriagem',
      name: text('Iniciar triagem', 'Start screening'),
      from: ['protocolada'],
      to: 'triagem',
      allowedGroups: analysts,
      effects: [takeIt],
    },
    {
      key: 'solicitarCorrecao',
      name: text('Solicitar correção', 'Request correction'),
      from: ['triagem', 'analiseTecnica'],
      to: 'pendenteCorrecao',
      allowedGroups: analysts,
      reasonRequired: true,
      // The corrected request comes back to the analyst who asked.
      effects: [takeIt],
    },
    {
      key: 'reenviar',
      name: text('Reenviar', 'Resubmit'),
      from: ['pendenteCorrecao'],
      to: 'triagem',
      allowedRoles: ['creator'],
      confirmation: text('Reenviar a solicitação corrigida?', 'Resubmit the corrected request?'),
      effects: [
        tellResponsible(
          ['Solicitação {{FormattedID}} corrigida', 'Request {{FormattedID}} corrected'],
          [
            '{{ActorName}} corrigiu e reenviou a solicitação {{FormattedID}}.',
            '{{ActorName}} corrected and resubmitted the request {{FormattedID}}.',
          ],
        ),
      ],
    },
    {
      key: 'agendarVistoria',
      name: text('Encaminhar para vistoria', 'Send to inspection'),
      from: ['triagem'],
      to: 'vistoria',
      allowedGroups: analysts,
      // The inspector: an analyst chosen in the dialog becomes the responsible and is told.
      responsibleRequired: true,
      validation: {
        expression: `${everyDocumentAccepted(TPEU_CHECKLIST_DOCUMENTS)} and ${INSPECTION_SCHEDULED}`,
        message: text(
          'Aceite na triagem todos os documentos enviados e informe a data da vistoria antes de encaminhar para vistoria.',
          'Accept every document sent in the screening and set the inspection date before sending to inspection.',
        ),
      },
      responsibleCandidates: { kind: 'group', group: GROUPS.analistas },
      effects: [
        tellResponsible(
          ['Vistoria da solicitação {{FormattedID}}', 'Inspection of the request {{FormattedID}}'],
          [
            '{{ActorName}} encaminhou a solicitação {{FormattedID}} para a sua vistoria, em {{dataVistoria}}.',
            '{{ActorName}} sent the request {{FormattedID}} for your inspection, on {{dataVistoria}}.',
          ],
        ),
        INSPECTION_NOTICE,
      ],
    },
    {
      key: 'concluirVistoria',
      name: text('Concluir vistoria', 'Finish inspection'),
      from: ['vistoria'],
      to: 'analiseTecnica',
      allowedGroups: analysts,
      allowedRoles: ['responsible'],
      validation: INSPECTION_REPORTED,
      // The technical analysis starts with a row per sheet of the drawings to give its verdict.
      effects: DRAWING_REVIEW_START,
    },
    {
      key: 'aprovar',
      name: text('Aprovar', 'Approve'),
      from: ['analiseTecnica'],
      to: 'aprovada',
      allowedGroups: analysts,
      confirmation: text('Aprovar esta solicitação?', 'Approve this request?'),
      validation: { expression: EVERY_SHEET_APPROVED, message: EVERY_SHEET_APPROVED_MESSAGE },
      effects: [
        takeIt,
        notifyApplicant(
          'Sua solicitação {{FormattedID}} foi aprovada',
          'Your request {{FormattedID}} was approved',
        ),
      ],
    },
    {
      key: 'indeferir',
      name: text('Indeferir', 'Reject'),
      from: ['triagem', 'vistoria', 'analiseTecnica'],
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
      name: text('Emitir TPEU', 'Issue TPEU'),
      from: ['aprovada', TPEU_PAID_STATUS],
      to: TPEU_AWAITING_SIGNATURE_STATUS,
      allowedGroups: analysts,
      confirmation: text(
        'O TPEU será numerado e assinado digitalmente e não poderá mais ser alterado. Emitir?',
        'The TPEU will be numbered and digitally signed and can no longer be changed. Issue it?',
      ),
      validation: {
        expression:
          '$exists(inicioVigencia) and $exists(fimVigencia) and (isentoRemuneracao = true or $exists(dataPagamento))',
        message: text(
          'Informe a vigência e receba a remuneração (ou conceda a isenção) antes de emitir.',
          'Fill in the term and collect the fee (or grant the exemption) before issuing.',
        ),
      },
      effects: ISSUANCE_EFFECTS,
    },
    ...TPEU_SIGNATURE_ACTIONS(TPEU_ISSUED_STATUS),
    ...TPEU_DRAWING_ACTIONS,
    ...TPEU_PAYMENT_ACTIONS,
    ...TPEU_LIFE_ACTIONS,
    ...TPEU_RENEWAL_ACTIONS(TPEU_IN_FORCE_STATUS),
  ],
} satisfies WorkflowDefinitionInput;
