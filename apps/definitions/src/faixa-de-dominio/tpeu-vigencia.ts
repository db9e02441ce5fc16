import type { FieldDefinitionInput, FormComponentInput, WorkflowDefinitionInput } from '@der/contracts';
import { control, GROUPS, STATUS_COLORS, text } from '../shared/builders.ts';
import { tellPermissionario, toAnalystsQueue } from './notificacoes.ts';
import { TERMO_RECEBIMENTO_LAYOUT_ID } from './recebimento-layout.ts';
import { TPEU_RENEWAL_STATUSES_KEYS, TPEU_RENEWAL_WRITES } from './tpeu-renovacao.ts';

/**
 * The issued TPEU's life (domain.md): issued, the works are authorised; when they end the permissionário sends the
 * as-built, the department inspects them and issues the signed Termo de Recebimento → Vigente. The department may
 * revoke it with a reason; the permissionário may give it up with 60 days' notice (ended on that day by the daily
 * job); it expires at the end of its term (the daily job, apps/server modules/tpeu tpeu-expiry.ts).
 */
export const TPEU_ISSUED_STATUS = 'emitida';
export const TPEU_IN_FORCE_STATUS = 'vigente';
export const TPEU_NOTICE_STATUS = 'desistenciaComunicada';
/** The actions the daily job runs, and the date each waits for. */
export const TPEU_EXPIRE_ACTION = 'expirar';
export const TPEU_END_ACTION = 'encerrar';
/** The statuses a TPEU is in force in (the public check and the field permissions read them). */
export const TPEU_VALID_STATUSES = [
  TPEU_ISSUED_STATUS,
  'vistoriaFinal',
  TPEU_IN_FORCE_STATUS,
  TPEU_NOTICE_STATUS,
  ...TPEU_RENEWAL_STATUSES_KEYS,
];
/**
 * The statuses the daily job expires a TPEU from once its term is over: not while a renewal asked in time waits
 * for the department (nor a withdrawal, which ends on its own date).
 */
export const TPEU_EXPIRING_STATUSES = [TPEU_ISSUED_STATUS, 'vistoriaFinal', TPEU_IN_FORCE_STATUS];
export const WITHDRAWAL_NOTICE_DAYS = 60;

const ANALYSTS = [GROUPS.analistas, GROUPS.administradores];

export const TPEU_LIFE_FIELDS = [
  {
    key: 'asBuilt',
    type: 'BINARY',
    label: text('Projeto como construído (as-built)', 'As-built drawings'),
  },
  {
    key: 'laudoVistoriaFinal',
    type: 'RICH_TEXT',
    label: text('Relatório da vistoria final', 'Final inspection report'),
    departmentOnly: true,
  },
  {
    key: 'dataRecebimento',
    type: 'DATE_TIME',
    label: text('Obras recebidas em', 'Works accepted on'),
    departmentOnly: true,
  },
  {
    key: 'dataEncerramento',
    type: 'DATE_TIME',
    label: text('Encerrar a permissão em (desistência)', 'End the permit on (withdrawal)'),
    indexed: true,
  },
] satisfies FieldDefinitionInput[];

/**
 * What the permissionário writes while the TPEU is in force: the as-built, the withdrawal date and the months of a
 * renewal — not while a renewal is under way (its price was fixed for the months asked).
 */
export function permissionarioWritesIn(status: string): string[] {
  const always = ['asBuilt', 'dataEncerramento'];
  return TPEU_RENEWAL_STATUSES_KEYS.includes(status)
    ? always
    : [...always, ...TPEU_RENEWAL_WRITES.permissionario];
}

export const TPEU_LIFE_CONTROLS: FormComponentInput[] = [
  { type: 'fileChooser', field: 'asBuilt', accept: ['.pdf', '.dwg', '.dxf'], maxFiles: 40, columnSpan: 12 },
  control('formattedText', 'laudoVistoriaFinal', 12),
  { ...control('dateChooser', 'dataRecebimento', 4), readOnly: true } as FormComponentInput,
  control('dateChooser', 'dataEncerramento', 4),
  {
    type: 'button',
    text: text('Imprimir Termo de Recebimento', 'Print certificate of acceptance'),
    action: { kind: 'print', printLayoutId: TERMO_RECEBIMENTO_LAYOUT_ID },
  },
];

export const TPEU_LIFE_STATUSES = [
  {
    key: TPEU_ISSUED_STATUS,
    name: text('TPEU emitido — obra autorizada', 'TPEU issued — works authorised'),
    color: STATUS_COLORS.issued,
  },
  { key: 'vistoriaFinal', name: text('Vistoria final', 'Final inspection'), color: STATUS_COLORS.analysis },
  { key: TPEU_IN_FORCE_STATUS, name: text('Vigente', 'In force'), color: STATUS_COLORS.approved },
  {
    key: TPEU_NOTICE_STATUS,
    name: text('Desistência comunicada', 'Withdrawal notified'),
    color: STATUS_COLORS.pending,
  },
  {
    key: 'revogada',
    name: text('Revogada', 'Revoked'),
    color: STATUS_COLORS.rejected,
    final: true,
    onEnter: [
      tellPermissionario(
        ['O TPEU {{numeroTpeu}} foi revogado', 'The TPEU {{numeroTpeu}} was revoked'],
        ['Motivo da revogação: {{Reason}}', 'Reason for the revocation: {{Reason}}'],
      ),
    ],
  },
  {
    key: 'encerrada',
    name: text('Encerrada (desistência)', 'Ended (withdrawal)'),
    color: STATUS_COLORS.draft,
    final: true,
  },
  { key: 'expirada', name: text('Expirada', 'Expired'), color: STATUS_COLORS.draft, final: true },
] satisfies WorkflowDefinitionInput['statuses'];

const IN_FORCE = TPEU_EXPIRING_STATUSES;

export const TPEU_LIFE_ACTIONS = [
  {
    key: 'concluirObras',
    name: text('Informar conclusão das obras', 'Report the works finished'),
    from: [TPEU_ISSUED_STATUS],
    to: 'vistoriaFinal',
    allowedRoles: ['creator'],
    validation: {
      expression: '$count(asBuilt) > 0',
      message: text(
        'Anexe o projeto como construído (as-built) antes de informar a conclusão das obras.',
        'Attach the as-built drawings before reporting the works finished.',
      ),
    },
    effects: toAnalystsQueue(
      ['Vistoria final do TPEU {{numeroTpeu}}', 'Final inspection of TPEU {{numeroTpeu}}'],
      [
        '{{ActorName}} concluiu as obras do TPEU {{numeroTpeu}} e anexou o as-built.',
        '{{ActorName}} finished the works of TPEU {{numeroTpeu}} and attached the as-built.',
      ],
    ),
  },
  {
    key: 'pedirAjustesObra',
    name: text('Pedir ajustes na obra', 'Ask for changes to the works'),
    from: ['vistoriaFinal'],
    to: TPEU_ISSUED_STATUS,
    allowedGroups: ANALYSTS,
    reasonRequired: true,
    effects: [
      tellPermissionario(
        [
          'Ajustes pedidos na obra do TPEU {{numeroTpeu}}',
          'Changes asked to the works of TPEU {{numeroTpeu}}',
        ],
        [
          'A vistoria final pediu ajustes: {{Reason}}. Informe de novo a conclusão quando prontos.',
          'The final inspection asked for changes: {{Reason}}. Report the works finished again once done.',
        ],
      ),
    ],
  },
  {
    key: 'receberObras',
    name: text('Receber as obras', 'Accept the works'),
    from: ['vistoriaFinal'],
    to: TPEU_IN_FORCE_STATUS,
    allowedGroups: ANALYSTS,
    confirmation: text(
      'O Termo de Recebimento será gerado e assinado, e o TPEU passará a vigente. Receber as obras?',
      'The certificate of acceptance will be generated and signed, and the TPEU will be in force. Accept the works?',
    ),
    validation: {
      expression: "$exists(laudoVistoriaFinal) and laudoVistoriaFinal != ''",
      message: text('Registre o relatório da vistoria final.', 'Record the final inspection report.'),
    },
    effects: [
      { kind: 'setField', field: 'dataRecebimento', expression: '$now()' },
      { kind: 'generateDocument', printLayoutId: TERMO_RECEBIMENTO_LAYOUT_ID, attach: true, sign: true },
      tellPermissionario(
        ['Obras do TPEU {{numeroTpeu}} recebidas', 'Works of TPEU {{numeroTpeu}} accepted'],
        [
          'O Termo de Recebimento assinado está anexado à solicitação; o TPEU está vigente.',
          'The signed certificate of acceptance is attached to the request; the TPEU is in force.',
        ],
      ),
    ],
  },
  {
    key: 'revogar',
    name: text('Revogar', 'Revoke'),
    from: [...IN_FORCE, TPEU_NOTICE_STATUS, ...TPEU_RENEWAL_STATUSES_KEYS],
    to: 'revogada',
    allowedGroups: ANALYSTS,
    reasonRequired: true,
    confirmation: text('A revogação encerra a permissão. Revogar?', 'Revoking ends the permit. Revoke?'),
  },
  {
    key: 'desistir',
    name: text('Desistir da permissão', 'Give up the permit'),
    from: IN_FORCE,
    to: TPEU_NOTICE_STATUS,
    allowedRoles: ['creator'],
    reasonRequired: true,
    validation: {
      expression: `$daysBetween($now(), dataEncerramento) >= ${WITHDRAWAL_NOTICE_DAYS}`,
      message: text(
        `A desistência exige aviso de ${WITHDRAWAL_NOTICE_DAYS} dias: informe em 'Encerrar a permissão em' uma data a pelo menos ${WITHDRAWAL_NOTICE_DAYS} dias de hoje.`,
        `Giving up needs ${WITHDRAWAL_NOTICE_DAYS} days' notice: set 'End the permit on' at least ${WITHDRAWAL_NOTICE_DAYS} days from today.`,
      ),
    },
    effects: toAnalystsQueue(
      ['Desistência do TPEU {{numeroTpeu}}', 'Withdrawal from TPEU {{numeroTpeu}}'],
      [
        '{{ActorName}} desistiu do TPEU {{numeroTpeu}}: {{Reason}}',
        '{{ActorName}} gave up the TPEU {{numeroTpeu}}: {{Reason}}',
      ],
    ),
  },
  {
    // The daily job, on the day the notice ends (dataEncerramento).
    key: TPEU_END_ACTION,
    name: text('Encerrar', 'End'),
    from: [TPEU_NOTICE_STATUS],
    to: 'encerrada',
    allowedRoles: ['administrator'],
    confirmation: text('A permissão será encerrada. Encerrar?', 'The permit will end. End it?'),
    validation: {
      expression: '$exists(dataEncerramento) and dataEncerramento < $now()',
      message: text(
        'A permissão só se encerra na data comunicada.',
        'The permit only ends on the date given.',
      ),
    },
  },
  {
    // The daily job, once the term is over (fimVigencia).
    key: TPEU_EXPIRE_ACTION,
    name: text('Expirar', 'Expire'),
    from: IN_FORCE,
    to: 'expirada',
    allowedRoles: ['administrator'],
    confirmation: text(
      'O TPEU passará a constar como expirado. Expirar?',
      'The TPEU will show as expired. Expire it?',
    ),
    validation: {
      expression: '$exists(fimVigencia) and fimVigencia < $now()',
      message: text(
        'O TPEU só expira depois do fim da vigência.',
        'A TPEU only expires after its term ends.',
      ),
    },
    effects: [
      tellPermissionario(
        ['O TPEU {{numeroTpeu}} expirou', 'The TPEU {{numeroTpeu}} expired'],
        [
          'O prazo do TPEU {{numeroTpeu}} terminou. Para continuar a ocupação, faça uma nova solicitação.',
          'The term of TPEU {{numeroTpeu}} is over. To keep the occupation, file a new request.',
        ],
      ),
    ],
  },
] satisfies WorkflowDefinitionInput['actions'];
