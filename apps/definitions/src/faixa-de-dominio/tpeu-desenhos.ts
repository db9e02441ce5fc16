import type {
  BusinessRuleInput,
  FieldDefinitionInput,
  FormComponentInput,
  WorkflowDefinitionInput,
  WorkflowEffectInput,
} from '@der/contracts';
import { control, field, GROUPS, option, STATUS_COLORS, text } from '../shared/builders.ts';
import { tellPermissionario, tellResponsible } from './notificacoes.ts';

/**
 * The technical analysis of a TPEU request's drawings, sheet by sheet (domain.md "Faixa de domínio"): the analyst
 * gives each sheet of `projetoDesenhos` a verdict — approved, approved with caveats, rejected — with comments;
 * rejected sheets go back to the permissionário, who replaces them (and only then may touch the drawings again)
 * and resubmits; approving the request needs every sheet approved. On issue, every sheet is stamped (APROVADO —
 * DER — processo — TPEU — analista — data/hora — QR) and signed by the department (the stampFiles effect).
 */
export const DRAWINGS_FIELD = 'projetoDesenhos';
export const DRAWING_REVIEW_FIELD = 'analiseDesenhos';
export const DRAWINGS_REJECTED_STATUS = 'desenhosReprovados';

const APPROVED = ['aprovado', 'aprovadoRessalvas'];
const REJECTED = 'reprovado';
const MAX_SHEETS = 40;
const IN_APPROVED = `[${APPROVED.map((value) => `'${value}'`).join(', ')}]`;

export const TPEU_DRAWING_FIELDS = [
  field(
    DRAWING_REVIEW_FIELD,
    'TABLE',
    text('Análise técnica dos desenhos', 'Technical review of the drawings'),
    {
      departmentOnly: true,
      maxRows: MAX_SHEETS,
      columns: [
        {
          key: 'folha',
          type: 'INTEGER',
          label: text('Folha', 'Sheet'),
          required: true,
          minimum: 1,
          maximum: MAX_SHEETS,
          columnSpan: 2,
        },
        {
          key: 'parecer',
          type: 'PICKLIST',
          label: text('Parecer', 'Verdict'),
          columnSpan: 4,
          options: [
            option('aprovado', 'Aprovado', 'Approved', '#2E7D32'),
            option('aprovadoRessalvas', 'Aprovado com ressalvas', 'Approved with caveats', '#F9A825'),
            option(REJECTED, 'Reprovado', 'Rejected', '#C62828'),
          ],
        },
        {
          key: 'comentarios',
          type: 'STRING',
          label: text('Comentários', 'Comments'),
          maxLength: 500,
          columnSpan: 6,
        },
      ],
    },
  ),
] satisfies FieldDefinitionInput[];

/**
 * One row per sheet, in the order of the upload; a sheet keeps its verdict unless it was rejected, whose row
 * keeps the comments and waits for a new verdict (the permissionário replaced it).
 */
const SHEET_ROWS =
  `[$map(${DRAWINGS_FIELD}, function($file, $i) {( $row := ${DRAWING_REVIEW_FIELD}[folha = $i + 1][0];` +
  ` $row and $row.parecer != '${REJECTED}' ? $row : {'folha': $i + 1, 'comentarios': $row.comentarios} )})]`;

const sheetRows: WorkflowEffectInput = {
  kind: 'setField',
  field: DRAWING_REVIEW_FIELD,
  expression: SHEET_ROWS,
};

const rejected = `${DRAWING_REVIEW_FIELD}[parecer = '${REJECTED}']`;

/** Every sheet approved (with caveats, commented), none rejected: what approving the request asks. */
export const EVERY_SHEET_APPROVED =
  `$count($filter([1..$count(${DRAWINGS_FIELD})], function($f) {` +
  ` $count(${DRAWING_REVIEW_FIELD}[folha = $f and parecer in ${IN_APPROVED}]) = 0 })) = 0` +
  ` and $count(${rejected}) = 0` +
  ` and $count(${DRAWING_REVIEW_FIELD}[parecer = 'aprovadoRessalvas' and $not($exists(comentarios))]) = 0`;

export const EVERY_SHEET_APPROVED_MESSAGE = text(
  'Dê parecer a cada folha dos desenhos (aprovada, ou aprovada com ressalvas e comentários) antes de aprovar.',
  'Give each sheet of the drawings a verdict (approved, or approved with caveats and comments) before approving.',
);

/** Entering the technical analysis lists the sheets to review. */
export const DRAWING_REVIEW_START: WorkflowEffectInput[] = [sheetRows];

export const TPEU_DRAWING_STATUSES: NonNullable<WorkflowDefinitionInput['statuses']> = [
  {
    key: DRAWINGS_REJECTED_STATUS,
    name: text('Desenhos reprovados', 'Drawings rejected'),
    color: STATUS_COLORS.pending,
    onEnter: [
      tellPermissionario(
        [
          'Desenhos reprovados na solicitação {{FormattedID}}',
          'Drawings rejected on the request {{FormattedID}}',
        ],
        [
          'O analista reprovou folhas do projeto. Os comentários estão na solicitação, folha a folha: substitua as folhas reprovadas e reenvie.',
          'The analyst rejected sheets of the design. The comments are on the request, sheet by sheet: replace the rejected sheets and resubmit.',
        ],
      ),
    ],
  },
];

export const TPEU_DRAWING_ACTIONS: NonNullable<WorkflowDefinitionInput['actions']> = [
  {
    key: 'devolverDesenhos',
    name: text('Devolver desenhos reprovados', 'Return rejected drawings'),
    from: ['analiseTecnica'],
    to: DRAWINGS_REJECTED_STATUS,
    allowedGroups: [GROUPS.analistas, GROUPS.administradores],
    validation: {
      expression: `$count(${rejected}) > 0 and $count(${rejected}[$not($exists(comentarios))]) = 0`,
      message: text(
        'Reprove ao menos uma folha, e diga nos comentários de cada folha reprovada o que corrigir.',
        'Reject at least one sheet, and say in each rejected sheet’s comments what to correct.',
      ),
    },
    // The resubmitted drawings come back to the analyst who rejected them.
    effects: [{ kind: 'assignResponsible', to: { kind: 'actor' } }],
  },
  {
    key: 'reenviarDesenhos',
    name: text('Reenviar desenhos', 'Resubmit drawings'),
    from: [DRAWINGS_REJECTED_STATUS],
    to: 'analiseTecnica',
    allowedRoles: ['creator'],
    confirmation: text('Reenviar os desenhos para nova análise?', 'Resubmit the drawings for a new review?'),
    effects: [
      sheetRows,
      tellResponsible(
        ['Desenhos reenviados: {{FormattedID}}', 'Drawings resubmitted: {{FormattedID}}'],
        [
          '{{ActorName}} substituiu as folhas reprovadas da solicitação {{FormattedID}}.',
          '{{ActorName}} replaced the rejected sheets of the request {{FormattedID}}.',
        ],
      ),
    ],
  },
];

/**
 * The drawings stay as screened unless a sheet is rejected: then the permissionário may replace sheets (the
 * status's field access lets them write only the drawings).
 */
export const DRAWINGS_READ_ONLY_RULE: BusinessRuleInput = {
  id: `${DRAWINGS_FIELD}AceitoNaTriagem`,
  kind: 'readOnly',
  field: DRAWINGS_FIELD,
  expression: `triagem_${DRAWINGS_FIELD} = 'aceito' and $count(${rejected}) = 0`,
};

export const TPEU_DRAWING_RULES: BusinessRuleInput[] = [
  {
    id: `${DRAWING_REVIEW_FIELD}Visivel`,
    kind: 'visibility',
    field: DRAWING_REVIEW_FIELD,
    expression: `$count(${DRAWING_REVIEW_FIELD}) > 0`,
  },
];

export const TPEU_DRAWING_CONTROLS: FormComponentInput[] = [control('table', DRAWING_REVIEW_FIELD, 12)];

/** The stamp on every approved sheet: the issue's text, the analyst who issues, when, and the sheet. */
export const DRAWING_STAMP = text(
  'APROVADO — DER — processo nº {{numeroProcesso}} — TPEU nº {{numeroTpeu}}\nanalista {{ActorName}} — {{DateTime}} — folha {{Sheet}} de {{Sheets}}',
  'APPROVED — DER — process no. {{numeroProcesso}} — TPEU no. {{numeroTpeu}}\nanalyst {{ActorName}} — {{DateTime}} — sheet {{Sheet}} of {{Sheets}}',
);
