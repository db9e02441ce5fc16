import type { FieldDefinitionInput, FormComponentInput, WorkflowDefinitionInput } from '@der/contracts';
import { control, field, STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ANALYSTS as analysts, tellRequerente } from './notificacoes.ts';

/**
 * The issued AET: its number, the QR code's random validation token and the instant it was issued (domain.md).
 * The request itself is the issued record: the public /validarAET finds it by `uidValidacao` (indexed), reads
 * its validity from its status and dates, and its signed PDF is the attachment the 'emitir' action rendered
 * (apps/server modules/aet).
 */
export const AET_ISSUANCE_FIELDS = [
  field('numeroAet', 'STRING', text('Número da AET', 'AET number'), {
    maxLength: 30,
    indexed: true,
    departmentOnly: true,
  }),
  field('uidValidacao', 'STRING', text('Código de validação (QR)', 'Validation code (QR)'), {
    maxLength: 64,
    indexed: true,
    departmentOnly: true,
  }),
  field('dataEmissao', 'DATE_TIME', text('Emitida em', 'Issued on'), { departmentOnly: true }),
  // Set by the server when a requerente renews a period AET (modules/aet copy-request.ts): which AET this renews.
  field('renovaAet', 'STRING', text('Renovação da AET', 'Renews AET'), {
    maxLength: 30,
    departmentOnly: true,
  }),
] satisfies FieldDefinitionInput[];

/** The issued AET's controls on the analysts' 'Taxa e emissão' tab. */
export const AET_ISSUANCE_CONTROLS: FormComponentInput[] = [
  { ...control('textbox', 'numeroAet', 4), readOnly: true },
  { ...control('dateChooser', 'dataEmissao', 4), readOnly: true },
  { ...control('textbox', 'renovaAet', 4), readOnly: true },
  {
    type: 'button',
    text: text('Imprimir AET', 'Print AET'),
    action: { kind: 'print', printLayoutId: 1 },
  },
];

/**
 * Validity of an issued AET, as statuses of the request (domain.md): Emitida (vigente between its dates),
 * Suspensa (road interdiction; may be lifted), Cancelada and Expirada (a daily job, modules/aet
 * aet-expiry.ts). Statuses rather than a separate state so the request list, the board and the reports show
 * one situation. No field of an issued AET may be edited in any of them (AET_LOCKED_STATUSES).
 */
export const AET_VALIDITY_STATUS_KEYS = ['emitida', 'suspensa', 'cancelada', 'expirada'] as const;

/** Statuses where the request's fields are locked (written only by workflow actions). */
export const AET_LOCKED_STATUSES = [...AET_VALIDITY_STATUS_KEYS, 'indeferida'];

export const AET_ISSUANCE_STATUSES = [
  { key: 'emitida', name: text('Emitida', 'Issued'), color: STATUS_COLORS.issued },
  {
    key: 'suspensa',
    name: text('Suspensa', 'Suspended'),
    color: STATUS_COLORS.pending,
    onEnter: [
      tellRequerente(
        ['Sua AET {{numeroAet}} foi suspensa', 'Your AET {{numeroAet}} was suspended'],
        [
          'A AET {{numeroAet}} ({{FormattedID}}) está suspensa e não autoriza o trânsito. Motivo: {{Reason}}',
          'AET {{numeroAet}} ({{FormattedID}}) is suspended and does not authorise travel. Reason: {{Reason}}',
        ],
      ),
    ],
  },
  {
    key: 'cancelada',
    name: text('Cancelada', 'Cancelled'),
    color: STATUS_COLORS.rejected,
    final: true,
    onEnter: [
      tellRequerente(
        ['Sua AET {{numeroAet}} foi cancelada', 'Your AET {{numeroAet}} was cancelled'],
        [
          'A AET {{numeroAet}} ({{FormattedID}}) foi cancelada. Motivo: {{Reason}}',
          'AET {{numeroAet}} ({{FormattedID}}) was cancelled. Reason: {{Reason}}',
        ],
      ),
    ],
  },
  { key: 'expirada', name: text('Expirada', 'Expired'), color: STATUS_COLORS.draft, final: true },
] satisfies WorkflowDefinitionInput['statuses'];

export const AET_ISSUANCE_ACTIONS = [
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
    // On the action, not on entering 'emitida': lifting a suspension re-enters it and must not renumber.
    effects: [
      { kind: 'setField', field: 'numeroAet', expression: 'FormattedID' },
      // The QR code's token: random, ≥ 128 bits, never the sequential number (domain.md).
      { kind: 'setField', field: 'uidValidacao', expression: '$randomToken(16)' },
      { kind: 'setField', field: 'dataEmissao', expression: '$now()' },
      { kind: 'generateDocument', printLayoutId: 1, attach: true, sign: true },
      tellRequerente(
        ['Sua AET {{FormattedID}} foi emitida', 'Your AET {{FormattedID}} was issued'],
        ['A AET assinada está anexada à solicitação.', 'The signed AET is attached to the request.'],
      ),
    ],
  },
  {
    key: 'suspender',
    name: text('Suspender AET', 'Suspend AET'),
    from: ['emitida'],
    to: 'suspensa',
    allowedGroups: analysts,
    reasonRequired: true,
    confirmation: text(
      'A AET deixará de autorizar o trânsito até a suspensão ser revogada, e o requerente será avisado. Suspender?',
      'The AET will stop authorising travel until the suspension is lifted, and the applicant will be told. Suspend it?',
    ),
  },
  {
    key: 'revogarSuspensao',
    name: text('Revogar suspensão', 'Lift suspension'),
    from: ['suspensa'],
    to: 'emitida',
    allowedGroups: analysts,
    reasonRequired: true,
    effects: [
      tellRequerente(
        ['A suspensão da AET {{numeroAet}} foi revogada', 'The suspension of AET {{numeroAet}} was lifted'],
        [
          'A AET {{numeroAet}} volta a autorizar o trânsito em sua validade. {{Reason}}',
          'AET {{numeroAet}} authorises travel again within its validity. {{Reason}}',
        ],
      ),
    ],
  },
  {
    key: 'cancelar',
    name: text('Cancelar AET', 'Cancel AET'),
    from: ['emitida', 'suspensa'],
    to: 'cancelada',
    allowedGroups: analysts,
    reasonRequired: true,
    confirmation: text(
      'A AET será cancelada definitivamente e o requerente será avisado. Cancelar?',
      'The AET will be cancelled for good and the applicant will be told. Cancel it?',
    ),
  },
  {
    // Run by the daily job (modules/aet aet-expiry.ts) once the last day of validity has passed.
    key: 'expirar',
    name: text('Expirar AET', 'Expire AET'),
    from: ['emitida', 'suspensa'],
    to: 'expirada',
    allowedRoles: ['administrator'],
    confirmation: text(
      'A AET passará a constar como expirada. Expirar?',
      'The AET will show as expired. Expire it?',
    ),
    validation: {
      expression: '$exists(dataFimValidade) and dataFimValidade < $now()',
      message: text(
        'A AET só expira depois do fim da sua validade.',
        'An AET only expires after the end of its validity.',
      ),
    },
  },
] satisfies WorkflowDefinitionInput['actions'];
