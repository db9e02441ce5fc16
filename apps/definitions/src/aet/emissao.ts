import type { FieldDefinitionInput, FormComponentInput, WorkflowDefinitionInput } from '@der/contracts';
import { control, field, STATUS_COLORS, text } from '../shared/builders.ts';
import { AET_ANALYSTS as analysts, tellRequerente } from './notificacoes.ts';

/** The issued AET: its number and the QR code's random validation token (domain.md). */
export const AET_ISSUANCE_FIELDS = [
  field('numeroAet', 'STRING', text('Número da AET', 'AET number'), {
    maxLength: 30,
    indexed: true,
    departmentOnly: true,
  }),
  field('uidValidacao', 'STRING', text('Código de validação (QR)', 'Validation code (QR)'), {
    maxLength: 64,
    departmentOnly: true,
  }),
] satisfies FieldDefinitionInput[];

/** The issued AET's controls on the analysts' 'Taxa e emissão' tab. */
export const AET_ISSUANCE_CONTROLS: FormComponentInput[] = [
  { ...control('textbox', 'numeroAet', 4), readOnly: true },
  {
    type: 'button',
    text: text('Imprimir AET', 'Print AET'),
    action: { kind: 'print', printLayoutId: 1 },
  },
];

/** Emitida: numbers the AET, draws its validation token and renders the signed PDF. */
export const AET_ISSUANCE_STATUSES = [
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
  },
] satisfies WorkflowDefinitionInput['actions'];
