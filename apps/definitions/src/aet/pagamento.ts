import type { FieldDefinitionInput, FormComponentInput, WorkflowDefinitionInput } from '@der/contracts';
import { control, field, GROUPS, text } from '../shared/builders.ts';

/** The fee of an AET request and its payment (domain.md "Fee"). */
export const AET_PAYMENT_FIELDS = [
  field('valorTaxa', 'CURRENCY', text('Valor da taxa (R$)', 'Fee (R$)'), {
    minimum: 0,
    indexed: true,
    departmentOnly: true,
  }),
  field('dataPagamento', 'DATE_TIME', text('Data do pagamento', 'Payment date'), {
    indexed: true,
    departmentOnly: true,
  }),
] satisfies FieldDefinitionInput[];

/** The payment's controls on the analysts' 'Taxa e emissão' tab. */
export const AET_PAYMENT_CONTROLS: FormComponentInput[] = [
  control('numericPicker', 'valorTaxa', 4),
  control('dateChooser', 'dataPagamento', 4),
];

/** Sending: the request goes to the analysts' queue. */
export const AET_SEND_ACTIONS = [
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
] satisfies WorkflowDefinitionInput['actions'];
