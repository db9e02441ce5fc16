import type {
  FieldDefinitionInput,
  ReferenceTableInput,
  WorkflowDefinitionInput,
  WorkflowEffectInput,
} from '@der/contracts';
import { field, GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { tellPermissionario, tellResponsible } from './notificacoes.ts';
import { TPEU_PRINT_LAYOUT } from './termo-layout.ts';

/**
 * The permissionário's co-signature of the TPEU (domain.md): the department signs the TPEU when it issues it;
 * where the configuration asks (by purpose, in the table below, or the analyst on the request), the permissionário
 * signs it too with their A1 — two valid signatures — and only then are the works authorised. Issuing checks the
 * request: with no co-signature asked, the process authorises the works at once; otherwise the request waits for
 * the permissionário's signature ('Assinar' on the TPEU, then 'Confirmar assinatura do TPEU', which the server
 * refuses until the TPEU carries their signature), or for the analyst to waive it with the reason.
 */
export const TPEU_SIGNATURE_TABLE_KEY = 'assinaturaTpeu';
export const TPEU_AWAITING_SIGNATURE_STATUS = 'aguardandoAssinatura';
export const CO_SIGNATURE_FIELD = 'assinaturaPermissionario';
const ALL = 'todos';

export const TPEU_SIGNATURE_TABLE = {
  key: TPEU_SIGNATURE_TABLE_KEY,
  name: text('Assinatura do TPEU pelo permissionário', 'TPEU signature by the permit holder'),
  description: text(
    "Finalidades cujo TPEU o permissionário também assina com o seu certificado A1 ('todos' vale para qualquer uma; a primeira linha que se aplica decide). O analista pode mudar a exigência na solicitação até emitir.",
    "Purposes whose TPEU the permit holder signs too with their A1 certificate ('todos' applies to any; the first row that applies decides). The analyst may change it on the request until issuing.",
  ),
  columns: [
    { key: 'finalidade', label: text('Finalidade', 'Purpose'), type: 'string' },
    {
      key: 'exigeAssinatura',
      label: text('Exige a assinatura do permissionário', 'Permit holder signs'),
      type: 'boolean',
    },
  ],
  // Private occupations (advertising) sign their own term; public utilities do not need to.
  rows: [
    { finalidade: 'publicidade', exigeAssinatura: true },
    { finalidade: ALL, exigeAssinatura: false },
  ],
} satisfies ReferenceTableInput;

export const TPEU_SIGNATURE_FIELDS = [
  field(
    CO_SIGNATURE_FIELD,
    'BOOLEAN',
    text(
      'Exigir a assinatura do permissionário no TPEU (certificado A1)',
      'Require the permit holder’s signature on the TPEU (A1 certificate)',
    ),
    { departmentOnly: true },
  ),
  // What issuing found (the process's check): written by it, read by the analysts.
  field('conferenciaEmissao', 'TABLE', text('Conferência da emissão', 'Issuance check'), {
    departmentOnly: true,
    maxRows: 5,
    columns: [
      { key: 'criterion', type: 'STRING', label: text('Critério', 'Criterion'), maxLength: 200 },
      { key: 'passed', type: 'BOOLEAN', label: text('Atendido', 'Met') },
      { key: 'detail', type: 'STRING', label: text('Detalhe', 'Detail'), maxLength: 500 },
    ],
  }),
] satisfies FieldDefinitionInput[];

/** Protocolling sets the requirement by the table; the analyst may change it before issuing. */
export const CO_SIGNATURE_AT_PROTOCOL: WorkflowEffectInput = {
  kind: 'setField',
  field: CO_SIGNATURE_FIELD,
  expression: `$table('${TPEU_SIGNATURE_TABLE_KEY}')[finalidade = '${ALL}' or finalidade = $$.finalidade][0].exigeAssinatura = true`,
};

const WORKS_AUTHORISED = tellPermissionario(
  ['Seu TPEU {{numeroTpeu}} foi emitido', 'Your TPEU {{numeroTpeu}} was issued'],
  [
    'O TPEU assinado está anexado à solicitação: as obras estão autorizadas. Ao concluí-las, anexe o as-built e informe a conclusão.',
    'The signed TPEU is attached to the request: the works are authorised. Once done, attach the as-built and report them finished.',
  ],
);

/** Run after the TPEU is numbered, rendered and signed by the department (the 'emitir' action's last effect). */
export const CO_SIGNATURE_CHECK: WorkflowEffectInput = {
  kind: 'runCheck',
  criteria: [
    {
      key: 'assinaturaDispensada',
      label: text(
        'A assinatura do permissionário não é exigida',
        'The permit holder’s signature is not required',
      ),
      expression: `$not(${CO_SIGNATURE_FIELD} = true)`,
    },
  ],
  resultField: 'conferenciaEmissao',
  onPass: ['autorizarObras'],
  onFail: 'pedirAssinatura',
};

const ANALYSTS = [GROUPS.analistas, GROUPS.administradores];

export const TPEU_SIGNATURE_STATUSES = [
  {
    key: TPEU_AWAITING_SIGNATURE_STATUS,
    name: text(
      'TPEU emitido — aguardando a assinatura do permissionário',
      'TPEU issued — awaiting the permit holder’s signature',
    ),
    color: STATUS_COLORS.pending,
  },
] satisfies WorkflowDefinitionInput['statuses'];

export const TPEU_SIGNATURE_ACTIONS = (
  worksAuthorisedStatus: string,
): NonNullable<WorkflowDefinitionInput['actions']> => [
  {
    // The analyst may waive it (the permissionário has no A1, say): the reason stays in the history.
    key: 'dispensarAssinatura',
    name: text('Dispensar a assinatura do permissionário', 'Waive the permit holder’s signature'),
    from: [TPEU_AWAITING_SIGNATURE_STATUS],
    to: worksAuthorisedStatus,
    allowedGroups: ANALYSTS,
    reasonRequired: true,
    effects: [WORKS_AUTHORISED],
  },
  {
    key: 'confirmarAssinatura',
    name: text('Confirmar assinatura do TPEU', 'Confirm the TPEU signature'),
    from: [TPEU_AWAITING_SIGNATURE_STATUS],
    to: worksAuthorisedStatus,
    allowedRoles: ['creator'],
    signatureRequired: { printLayoutId: TPEU_PRINT_LAYOUT.id },
    // The permissionário sees the works authorised; the analyst who approved it is told.
    effects: [
      tellResponsible(
        [
          'TPEU {{numeroTpeu}} assinado pelo permissionário',
          'TPEU {{numeroTpeu}} signed by the permit holder',
        ],
        [
          '{{ActorName}} assinou o TPEU {{numeroTpeu}} com o seu certificado A1: as obras estão autorizadas.',
          '{{ActorName}} signed the TPEU {{numeroTpeu}} with their A1 certificate: the works are authorised.',
        ],
      ),
    ],
  },
  {
    // The process, when no co-signature is asked (CO_SIGNATURE_CHECK).
    key: 'autorizarObras',
    name: text('Autorizar as obras', 'Authorise the works'),
    from: [TPEU_AWAITING_SIGNATURE_STATUS],
    to: worksAuthorisedStatus,
    allowedRoles: ['administrator'],
    effects: [WORKS_AUTHORISED],
  },
  {
    // The process, when one is: the request stays and the permissionário is asked to sign.
    key: 'pedirAssinatura',
    name: text('Pedir a assinatura do permissionário', 'Ask the permit holder to sign'),
    from: [TPEU_AWAITING_SIGNATURE_STATUS],
    to: TPEU_AWAITING_SIGNATURE_STATUS,
    allowedRoles: ['administrator'],
    effects: [
      tellPermissionario(
        ['Assine o TPEU {{numeroTpeu}}', 'Sign the TPEU {{numeroTpeu}}'],
        [
          'O TPEU {{numeroTpeu}} foi emitido e assinado pelo DER. Assine-o com o seu certificado A1 (anexo do TPEU, Assinar) e escolha Confirmar assinatura do TPEU: as obras ficam autorizadas com as duas assinaturas.',
          'The TPEU {{numeroTpeu}} was issued and signed by the DER. Sign it with your A1 certificate (the TPEU attachment, Sign) and choose Confirm the TPEU signature: the works are authorised with both signatures.',
        ],
      ),
    ],
  },
];
